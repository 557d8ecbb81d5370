package org.sdbench.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints human durations such as {@code 250ms}, {@code 10s}, {@code 5m}, {@code 1h30m}, {@code 2d}:
 * the one parser of every duration key and option, so all share one syntax, one upper bound and one message.
 */
public final class Durations {
    /** The longest duration anything accepts: its milliseconds still fit the {@code int} of socket and JDBC timeouts. */
    public static final Duration MAX = Duration.ofDays(24);

    private static final Pattern PART = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(ms|us|s|m|h|d)");
    private static final double MAX_NANOS = MAX.toNanos();

    private Durations() {}

    /** A duration from 0 to {@link #MAX}. */
    public static Duration parse(String key, String text) {
        return parse(key, text, Duration.ZERO);
    }

    /** A duration from {@code min} to {@link #MAX}. */
    public static Duration parse(String key, String text, Duration min) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("0")) {
            return within(key, Duration.ZERO, min, MAX);
        }
        Matcher m = PART.matcher(t);
        long nanos = 0;
        int end = 0;
        while (m.find() && m.start() == end) {
            double v = Double.parseDouble(m.group(1))
                    * switch (m.group(2)) {
                        case "us" -> 1e3;
                        case "ms" -> 1e6;
                        case "s" -> 1e9;
                        case "m" -> 60e9;
                        case "h" -> 3600e9;
                        default -> 86400e9;
                    };
            if (v > MAX_NANOS || nanos + (long) v > MAX_NANOS) {
                throw ConfigException.key(key, text, allowed(min, MAX));
            }
            nanos += (long) v;
            end = m.end();
        }
        if (t.isEmpty() || end != t.length()) {
            throw ConfigException.key(key, text, allowed(min, MAX));
        }
        return within(key, Duration.ofNanos(nanos), min, MAX);
    }

    /** {@code d} itself when from {@code min} to {@code max}; else the one message every duration key gives. */
    public static Duration within(String key, Duration d, Duration min, Duration max) {
        ConfigException.require(
                d != null && d.compareTo(min) >= 0 && d.compareTo(max) <= 0,
                key,
                d == null ? null : format(d),
                allowed(min, max));
        return d;
    }

    private static String allowed(Duration min, Duration max) {
        return "a duration from " + format(min) + " to " + format(max) + " such as 500ms, 10s, 5m or 1h30m";
    }

    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms == 0 && !d.isZero()) {
            return d.toNanos() / 1000 + "us";
        }
        if (ms % 86_400_000 == 0 && ms > 0) {
            return ms / 86_400_000 + "d";
        }
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }
}
