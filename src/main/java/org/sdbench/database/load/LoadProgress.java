package org.sdbench.database.load;

import java.io.Console;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Shows load progress as one line per phase (the rows, then each step such as ANALYZE). On a terminal the
 * line is redrawn in place (bar, rows, rows/s, ETA, current table) and ends when its phase does; elsewhere
 * (a pipe, a CI log) each phase prints its one line when it ends, plus the bar's text every
 * {@link #PLAIN_EVERY_SECONDS} s while a long phase runs, so a log shows the load is alive. One line per
 * table only when {@code verbose}: a newcomer's first run should not scroll past sixty of them.
 */
public final class LoadProgress implements LoadListener, AutoCloseable {
    private static final int BAR = 30;
    private static final long REDRAW_MILLIS = 200;
    static final long PLAIN_EVERY_SECONDS = 60;

    private final PrintWriter out;
    private final boolean terminal;
    private final boolean verbose;
    private final LongAdder done = new LongAdder();
    private final Set<String> tables = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService redraw;
    private volatile long total;
    private volatile long startNanos;
    private volatile String current = "";
    /** The phase being shown, null while rows load. */
    private volatile String phase;

    private volatile long phaseStartNanos;
    private boolean rowsReported;
    private int lastWidth;
    private boolean closed;

    public LoadProgress(PrintWriter out, boolean terminal) {
        this(out, terminal, false);
    }

    public LoadProgress(PrintWriter out, boolean terminal, boolean verbose) {
        this.out = out;
        this.terminal = terminal;
        this.verbose = verbose;
        this.redraw = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sdbench-load-progress");
            t.setDaemon(true);
            return t;
        });
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
        } else {
            redraw.scheduleAtFixedRate(this::plainTick, PLAIN_EVERY_SECONDS, PLAIN_EVERY_SECONDS, TimeUnit.SECONDS);
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
        tables.add(table);
        if (verbose) {
            double s = nanos / 1e9;
            print(String.format(
                    Locale.ROOT, "  %-13s %,12d rows %8.2f s %,12.0f rows/s", table, rows, s, s > 0 ? rows / s : 0.0));
        }
    }

    @Override
    public synchronized void phaseStarted(String name) {
        endRows();
        phase = name;
        phaseStartNanos = System.nanoTime();
    }

    @Override
    public synchronized void phaseDone(String name, long nanos) {
        phase = null;
        print(String.format(Locale.ROOT, "  %s: %.2f s", name, nanos / 1e9));
    }

    /** The rows phase's final line, once: the moment the next phase starts or the load ends. */
    private synchronized void endRows() {
        if (rowsReported || startNanos == 0) {
            return;
        }
        double s = (System.nanoTime() - startNanos) / 1e9;
        if (terminal) {
            draw();
            rowsReported = true;
            endLine();
        } else {
            rowsReported = true;
            long rows = done.sum();
            out.printf(
                    Locale.ROOT,
                    "  %,d rows in %d tables: %.2f s, %,.0f rows/s%n",
                    rows,
                    tables.size(),
                    s,
                    s > 0 ? rows / s : 0.0);
            out.flush();
        }
    }

    /** The rows line as drawn on a terminal (without the carriage return). */
    static String line(long done, long total, double seconds, String current) {
        double frac = total <= 0 ? 0 : Math.min(1.0, (double) done / total);
        int filled = (int) Math.round(frac * BAR);
        double rate = seconds > 0 ? done / seconds : 0;
        String eta = rate > 0 && done < total ? formatSeconds((total - done) / rate) : done >= total ? "0s" : "?";
        return String.format(
                Locale.ROOT,
                "[%s%s] %3.0f%% %,d/%,d rows %,.0f rows/s ETA %s %s",
                "#".repeat(filled),
                ".".repeat(BAR - filled),
                frac * 100,
                done,
                total,
                rate,
                eta,
                current);
    }

    private static String formatSeconds(double s) {
        long n = Math.round(s);
        return n >= 60 ? n / 60 + "m" + String.format(Locale.ROOT, "%02d", n % 60) + "s" : n + "s";
    }

    private String currentLine() {
        String p = phase;
        if (p != null) {
            return String.format(
                    Locale.ROOT, "  %s: running for %s", p, formatSeconds((System.nanoTime() - phaseStartNanos) / 1e9));
        }
        return line(done.sum(), total, (System.nanoTime() - startNanos) / 1e9, current);
    }

    private synchronized void draw() {
        if (closed || idle()) {
            return;
        }
        String l = currentLine();
        int pad = Math.max(0, lastWidth - l.length());
        out.print("\r" + l + " ".repeat(pad));
        out.flush();
        lastWidth = l.length();
    }

    /** Between the end of one phase and the start of the next (or the end): nothing live to show. */
    private boolean idle() {
        return rowsReported && phase == null;
    }

    private synchronized void plainTick() {
        if (!closed && !idle()) {
            out.println(currentLine());
            out.flush();
        }
    }

    /** A whole line: on a terminal it replaces the live line, which the next redraw puts back below it. */
    private synchronized void print(String l) {
        if (terminal) {
            out.print("\r" + l + " ".repeat(Math.max(0, lastWidth - l.length())));
            lastWidth = 0;
            out.println();
        } else {
            out.println(l);
        }
        out.flush();
    }

    private void endLine() {
        out.println();
        out.flush();
        lastWidth = 0;
    }

    /** Stops redrawing; reports the rows phase if no later phase did. */
    @Override
    public void close() {
        redraw.shutdownNow();
        synchronized (this) {
            if (!closed) {
                endRows();
            }
            closed = true;
        }
    }
}
