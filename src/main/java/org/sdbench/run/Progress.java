package org.sdbench.run;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import org.sdbench.core.Clock;
import org.sdbench.driver.Driver;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.report.IntervalRow;

/**
 * Progress while a run goes on. On a terminal: one status line redrawn every second (phase,
 * elapsed/remaining, users logged on, DS/h and average response time of the last interval, errors,
 * update queue now), and a permanent line when a phase ends. Otherwise (a pipe, a log file, CI):
 * one plain line per interval, labelled with the phase the interval belongs to.
 */
final class Progress implements AutoCloseable {
    private static final String CLEAR_LINE = "\r\033[2K";

    private final PrintWriter out;
    private final boolean terminal;
    private final Driver driver;
    private final IntSupplier updateQueue;
    private final Clock clock;
    private final ScheduledExecutorService redraw;
    private final AtomicLong errors = new AtomicLong();
    private volatile IntervalRow last;

    /** @param updateQueue the update requests queued now, over the whole app tier */
    Progress(PrintWriter out, boolean terminal, Driver driver, IntSupplier updateQueue, Clock clock) {
        this.out = out;
        this.terminal = terminal;
        this.driver = driver;
        this.updateQueue = updateQueue;
        this.clock = clock;
        if (terminal) {
            redraw = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "sdbench-progress");
                t.setDaemon(true);
                return t;
            });
            redraw.scheduleAtFixedRate(this::redraw, 1, 1, TimeUnit.SECONDS);
        } else {
            redraw = null;
        }
    }

    /** Called on the driver's reporter thread with each harvested interval. */
    void interval(IntervalRow row) {
        errors.addAndGet(row.errors());
        IntervalRow previous = last;
        last = row;
        if (!terminal) {
            println(line(row));
        } else if (previous != null && !previous.phase().equals(row.phase())) {
            // The previous phase is over: leave its last interval on screen, then go on redrawing.
            println(CLEAR_LINE + line(previous));
        }
    }

    private void redraw() {
        long now = clock.nanoTime();
        Phases p = driver.phases();
        IntervalRow r = last;
        String s = String.format(
                Locale.ROOT,
                "%s[%-11s %5.0f s, %4.0f s left] users %5d  %s  errors %d  update queue %d",
                CLEAR_LINE,
                p.phaseAt(now).label(),
                (now - p.startNanos()) / 1e9,
                Math.max(0, (p.end() - now) / 1e9),
                driver.loggedOn(),
                r == null ? "(first interval pending)" : figures(r),
                errors.get(),
                queue());
        synchronized (out) {
            out.print(s);
            out.flush();
        }
    }

    private String line(IntervalRow r) {
        double total = (driver.phases().end() - driver.phases().startNanos()) / 1e9;
        return String.format(
                Locale.ROOT,
                "[%-11s %5.0f s / %.0f s] users %5d  %s  errors %d  update queue %d",
                r.phase(),
                r.endSeconds(),
                total,
                r.users(),
                figures(r),
                r.errors(),
                r.updateQueue());
    }

    private static String figures(IntervalRow r) {
        return String.format(
                Locale.ROOT, "%,9.0f DS/h  avg %7.1f ms  p95 %7.1f ms", r.dsPerHour(), r.avgMs(), r.p95Ms());
    }

    private int queue() {
        return updateQueue.getAsInt();
    }

    private void println(String text) {
        synchronized (out) {
            out.println(text);
            out.flush();
        }
    }

    @Override
    public void close() {
        if (redraw != null) {
            redraw.shutdownNow();
            IntervalRow r = last;
            synchronized (out) {
                out.print(CLEAR_LINE);
                if (r != null) {
                    out.println(line(r));
                }
                out.flush();
            }
        }
    }
}
