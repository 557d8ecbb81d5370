package org.sdbench.config;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints human durations such as {@code 250ms}, {@code 10s}, {@code 5m}, {@code 1h30m}. */
public final class Durations {
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|us|s|m|h)");

    private Durations() {}

    public static Duration parse(String key, String text) {
        String t = text == null ? "" : text.trim().toLowerCase();
        if (t.equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = PART.matcher(t);
        long nanos = 0;
        int end = 0;
        while (m.find() && m.start() == end) {
            double v = Double.parseDouble(m.group(1));
            nanos += (long) (v
                    * switch (m.group(2)) {
                        case "us" -> 1e3;
                        case "ms" -> 1e6;
                        case "s" -> 1e9;
                        case "m" -> 60e9;
                        default -> 3600e9;
                    });
            end = m.end();
        }
        if (t.isEmpty() || end != t.length()) {
            throw ConfigException.key(key, text, "a duration such as 500ms, 10s, 5m or 1h30m");
        }
        return Duration.ofNanos(nanos);
    }

    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms == 0 && !d.isZero()) {
            return d.toNanos() / 1000 + "us";
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
