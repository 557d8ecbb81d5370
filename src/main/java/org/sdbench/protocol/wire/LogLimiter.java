package org.sdbench.protocol.wire;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Lines a peer can cause (refused handshakes, refused frames), limited per kind of event: the
 * first {@code burst} of a window are written, the rest only counted and summed up in one line
 * ("... 7,356 more refused handshakes in 25 s") when the window ends, so a flood of connections
 * cannot flood the log. Thread-safe; the clock is injected.
 */
public final class LogLimiter {
    private final Consumer<String> log;
    private final LongSupplier nanoClock;
    private final int burst;
    private final long windowNanos;
    private final Map<String, Window> windows = new HashMap<>();

    private static final class Window {
        long start;
        int written;
        long suppressed;
        long lastSuppressed;
    }

    public LogLimiter(Consumer<String> log, LongSupplier nanoClock, int burst, long windowNanos) {
        if (burst < 1 || windowNanos < 1) {
            throw new IllegalArgumentException(
                    "log limit burst " + burst + " per " + windowNanos + " ns: both must be at least 1");
        }
        this.log = log;
        this.nanoClock = nanoClock;
        this.burst = burst;
        this.windowNanos = windowNanos;
    }

    /** Writes {@code line} unless this window's burst of {@code kind} is spent (then counts it). */
    public void log(String kind, String line) {
        String summary;
        boolean write;
        synchronized (this) {
            long now = nanoClock.getAsLong();
            Window w = windows.computeIfAbsent(kind, k -> new Window());
            summary = rollIfOver(kind, w, now);
            write = w.written < burst;
            if (write) {
                w.written++;
            } else {
                w.suppressed++;
                w.lastSuppressed = now;
            }
        }
        if (summary != null) {
            log.accept(summary);
        }
        if (write) {
            log.accept(line);
        }
    }

    /** Writes the counts of windows that are over: a flood that stopped still gets its line. */
    public void flush() {
        drain(false);
    }

    /** Writes every count not yet written, whether its window is over or not; the windows go on. */
    public void flushAll() {
        drain(true);
    }

    private void drain(boolean all) {
        List<String> lines = new ArrayList<>();
        synchronized (this) {
            long now = nanoClock.getAsLong();
            for (var e : windows.entrySet()) {
                String s = all ? count(e.getKey(), e.getValue()) : rollIfOver(e.getKey(), e.getValue(), now);
                if (s != null) {
                    lines.add(s);
                }
            }
        }
        lines.forEach(log);
    }

    private String rollIfOver(String kind, Window w, long now) {
        return now - w.start < windowNanos && w.written > 0 ? null : roll(kind, w, now);
    }

    private static String roll(String kind, Window w, long now) {
        String s = count(kind, w);
        w.start = now;
        w.written = 0;
        return s;
    }

    /** The line for what was counted so far, which it then clears. */
    private static String count(String kind, Window w) {
        if (w.suppressed == 0) {
            return null;
        }
        String s = String.format(
                Locale.ROOT,
                "... %,d more %s in %d s",
                w.suppressed,
                kind,
                Math.max(1, Math.round((w.lastSuppressed - w.start) / 1e9)));
        w.suppressed = 0;
        return s;
    }
}
