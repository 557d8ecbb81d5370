package org.sdbench.bench;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.sdbench.driver.Phases;
import org.sdbench.metrics.Interval;

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
    private final LongSupplier updateDbCalls;
    private final LongSupplier roundTrips;
    private long updateDbCallsAtStart;
    private long updateDbCallsInWindow;
    private long roundTripsAtStart;
    private long roundTripsInWindow;
    private CpuSnapshot start;
    private CpuSnapshot end;
    private long heapAfterGc = -1;
    /** The snapshot at the previous progress line, for the host's load per interval. */
    private CpuSnapshot previous;

    BenchWindow(Phases phases, String database, boolean measureHeap, PrintWriter progress) {
        this(phases, database, measureHeap, progress, () -> 0, () -> 0);
    }

    /**
     * @param updateDbCalls the update task's DB round trips so far, read with the CPU snapshots
     * @param roundTrips    every DB round trip of this process so far, read with them too
     */
    BenchWindow(Phases phases, String database, boolean measureHeap, PrintWriter progress, LongSupplier updateDbCalls,
                LongSupplier roundTrips) {
        this.phases = phases;
        this.roundTrips = roundTrips;
        this.database = database;
        this.measureHeap = measureHeap;
        this.progress = progress;
        this.updateDbCalls = updateDbCalls;
    }

    @Override
    public void accept(Interval i) {
        CpuSnapshot now = null;
        if (start == null && i.endNanos() >= phases.windowStart()) {
            start = CpuSnapshot.take(database);
            now = start;
            updateDbCallsAtStart = updateDbCalls.getAsLong();
            roundTripsAtStart = roundTrips.getAsLong();
        } else if (start != null && end == null && i.inWindow() && i.endNanos() >= phases.windowEnd()) {
            end = CpuSnapshot.take(database);
            now = end;
            updateDbCallsInWindow = updateDbCalls.getAsLong() - updateDbCallsAtStart;
            roundTripsInWindow = roundTrips.getAsLong() - roundTripsAtStart;
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
            progress.printf(Locale.ROOT, "  [%-11s %4.0f s] %,8.0f steps/s  response avg %6.2f ms  think lag p95 %7.2f ms  errors %d%s%n",
                    label(i), (i.endNanos() - phases.startNanos()) / 1e9,
                    i.seconds() > 0 ? i.steps() / i.seconds() : 0, i.avgMs(), i.thinkLagP95Ms(), i.errors(), host);
            progress.flush();
        }
    }

    /** The phase an interval belongs to: harvests come a little after their boundary, so not by its end. */
    private String label(Interval i) {
        return i.inWindow() ? Phases.Phase.MEASUREMENT.label() : phases.phaseAt(i.startNanos()).label();
    }

    /** The window's CPU; fails when the run ended before its window did (stopped early). */
    CpuWindow cpu() {
        if (start == null || end == null) {
            throw new IllegalStateException("the run ended before its measurement window was complete");
        }
        return CpuWindow.between(start, end);
    }

    /** The update task's DB round trips between the window's two snapshots. */
    long updateDbCalls() {
        return updateDbCallsInWindow;
    }

    /** The DB round trips of the whole process between the window's two snapshots. */
    long roundTrips() {
        return roundTripsInWindow;
    }

    long heapAfterGc() {
        return heapAfterGc;
    }
}
