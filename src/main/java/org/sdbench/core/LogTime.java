package org.sdbench.core;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/** The time of day a log line starts with: always {@code HH:mm:ss}, so lines align and sort. */
public final class LogTime {
    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("HH:mm:ss");

    private LogTime() {}

    public static String of(LocalTime t) {
        return FORMAT.format(t);
    }

    public static String now() {
        return of(LocalTime.now());
    }
}
