package org.sdbench.load;

import java.io.Console;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Shows load progress: on a terminal one line redrawn in place (bar, rows, rows/s, ETA, current
 * table); otherwise one plain line per finished table with its rows and rows/s.
 */
public final class LoadProgress implements LoadListener, AutoCloseable {
    private static final int BAR = 30;
    private static final long REDRAW_MILLIS = 200;

    private final PrintWriter out;
    private final boolean terminal;
    private final LongAdder done = new LongAdder();
    private final ScheduledExecutorService redraw;
    private volatile long total;
    private volatile long startNanos;
    private volatile String current = "";
    private int lastWidth;
    private boolean closed;

    public LoadProgress(PrintWriter out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
        this.redraw = terminal ? Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sdbench-load-progress");
            t.setDaemon(true);
            return t;
        }) : null;
    }

    /** Whether standard output is an interactive terminal (System.console(), and on Java 22+ Console.isTerminal()). */
    public static boolean isTerminal() {
        Console c = System.console();
        if (c == null) {
            return false;
        }
        try {
            Method m = Console.class.getMethod("isTerminal");
            return (Boolean) m.invoke(c);
        } catch (NoSuchMethodException e) {
            return true; // Java 21: a console exists only on a terminal
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public void started(long totalRows) {
        total = totalRows;
        startNanos = System.nanoTime();
        if (terminal) {
            redraw.scheduleAtFixedRate(this::draw, 0, REDRAW_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void tableStarted(String table, long rows) {
        current = table;
    }

    @Override
    public void rowsSent(long rows) {
        done.add(rows);
    }

    @Override
    public void tableDone(String table, long rows, long nanos) {
        if (!terminal) {
            double s = nanos / 1e9;
            synchronized (this) {
                out.printf(Locale.ROOT, "  %-13s %,12d rows %8.2f s %,12.0f rows/s%n", table, rows, s,
                        s > 0 ? rows / s : 0.0);
                out.flush();
            }
        }
    }

    @Override
    public void phaseStarted(String phase) {
        current = phase;
    }

    @Override
    public void phaseDone(String phase, long nanos) {
        if (!terminal) {
            synchronized (this) {
                out.printf(Locale.ROOT, "  %-13s %17s %8.2f s%n", phase, "", nanos / 1e9);
                out.flush();
            }
        }
    }

    /** The line as drawn on a terminal (without the carriage return). */
    static String line(long done, long total, double seconds, String current) {
        double frac = total <= 0 ? 0 : Math.min(1.0, (double) done / total);
        int filled = (int) Math.round(frac * BAR);
        double rate = seconds > 0 ? done / seconds : 0;
        String eta = rate > 0 && done < total ? formatSeconds((total - done) / rate) : done >= total ? "0s" : "?";
        return String.format(Locale.ROOT, "[%s%s] %3.0f%% %,d/%,d rows %,.0f rows/s ETA %s %s",
                "#".repeat(filled), ".".repeat(BAR - filled), frac * 100, done, total, rate, eta, current);
    }

    private static String formatSeconds(double s) {
        long n = Math.round(s);
        return n >= 60 ? n / 60 + "m" + String.format(Locale.ROOT, "%02d", n % 60) + "s" : n + "s";
    }

    private synchronized void draw() {
        if (closed) {
            return;
        }
        String l = line(done.sum(), total, (System.nanoTime() - startNanos) / 1e9, current);
        int pad = Math.max(0, lastWidth - l.length());
        out.print("\r" + l + " ".repeat(pad));
        out.flush();
        lastWidth = l.length();
    }

    /** Stops redrawing; on a terminal draws the final state and ends the line. */
    @Override
    public void close() {
        if (terminal) {
            redraw.shutdownNow();
            synchronized (this) {
                if (startNanos != 0 && !closed) {
                    draw();
                    out.println();
                    out.flush();
                }
                closed = true;
            }
        }
    }
}
