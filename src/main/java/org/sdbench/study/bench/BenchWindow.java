package org.sdbench.study.bench;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.sdbench.measure.metrics.Interval;
import org.sdbench.measure.metrics.Phases;

/**
 * Takes the CPU snapshots (and the heap reading) at the very harvests that open and close the
 * measurement window, on the driver's reporter thread, so CPU and step counts cover the same span.
 * The heap is read right after the window while every user is still logged on.
 */
final class BenchWindow implements Consumer<Interval> {
    private final Phases phases;
    private final String database;
    private final boolean measureHeap;
    private final PrintWriter progress;
    private final InWindow updateDbCalls;
    private final InWindow roundTrips;
    private CpuSnapshot start;
    private CpuSnapshot end;
    private long heapAfterGc = -1;
    /** The snapshot at the previous progress line, for the host's load per interval. */
    private CpuSnapshot previous;

    BenchWindow(Phases phases, String database, boolean measureHeap, PrintWriter progress) {
        this(phases, database, measureHeap, progress, () -> 0, () -> 0);
    }

    /**
     * @param updateDbCalls the statements the update task sent so far, read with the CPU snapshots
     * @param roundTrips    every DB round trip of this process so far, read with them too
     */
    BenchWindow(
            Phases phases,
            String database,
            boolean measureHeap,
            PrintWriter progress,
            LongSupplier updateDbCalls,
            LongSupplier roundTrips) {
        this.phases = phases;
        this.database = database;
        this.measureHeap = measureHeap;
        this.progress = progress;
        this.updateDbCalls = new InWindow(updateDbCalls);
        this.roundTrips = new InWindow(roundTrips);
    }

    @Override
    public void accept(Interval i) {
        CpuSnapshot now = null;
        if (start == null && i.endNanos() >= phases.windowStart()) {
            start = CpuSnapshot.take(database);
            now = start;
            updateDbCalls.open();
            roundTrips.open();
        } else if (start != null && end == null && i.inWindow() && i.endNanos() >= phases.windowEnd()) {
            end = CpuSnapshot.take(database);
            now = end;
            updateDbCalls.close();
            roundTrips.close();
            if (measureHeap) {
                heapAfterGc = HeapProbe.usedAfterGc();
            }
        }
        if (progress != null) {
            // Each interval with the host's load beside it: wall-time figures such as the think-time
            // lag follow what the other processes leave of the CPUs.
            now = now != null ? now : CpuSnapshot.take(database);
            String host = previous == null ? "" : "  " + HostLoad.brief(CpuWindow.between(previous, now));
            previous = now;
            progress.printf(
                    Locale.ROOT,
                    "  [%-11s %4.0f s] %,8.0f steps/s  response avg %6.2f ms  think lag p95 %7.2f ms  errors %d%s%n",
                    label(i),
                    (i.endNanos() - phases.startNanos()) / 1e9,
                    i.seconds() > 0 ? i.steps() / i.seconds() : 0,
                    i.avgMs(),
                    i.thinkLagP95Ms(),
                    i.errors(),
                    host);
            progress.flush();
        }
    }

    /** The phase an interval belongs to: harvests come a little after their boundary, so not by its end. */
    private String label(Interval i) {
        return i.inWindow()
                ? Phases.Phase.MEASUREMENT.label()
                : phases.phaseAt(i.startNanos()).label();
    }

    /** The window's CPU; fails when the run ended before its window did (stopped early). */
    CpuWindow cpu() {
        if (start == null || end == null) {
            throw new IllegalStateException("the run ended before its measurement window was complete");
        }
        return CpuWindow.between(start, end);
    }

    /** The statements the update task sent between the window's two snapshots (a pipeline's each count). */
    long updateDbCalls() {
        return updateDbCalls.count;
    }

    /** The DB round trips of the whole process between the window's two snapshots. */
    long roundTrips() {
        return roundTrips.count;
    }

    long heapAfterGc() {
        return heapAfterGc;
    }

    /** A running count read when the window opens and when it closes: what it grew by in between. */
    private static final class InWindow {
        private final LongSupplier source;
        private long atOpen;
        private long count;

        InWindow(LongSupplier source) {
            this.source = source;
        }

        void open() {
            atOpen = source.getAsLong();
        }

        void close() {
            count = source.getAsLong() - atOpen;
        }
    }
}
