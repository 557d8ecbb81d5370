package org.sdbench.protocol;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.regex.Pattern;

/**
 * Which run a driver drives: a fresh random id (part of every lock owner and update key of the
 * run, so no two runs share one, and nobody can name another run's owners in advance), the run's
 * name (its folder's) and when it started. The central services admit one run at a time and name
 * the running one to a driver they refuse; app servers log one line per run they served.
 */
public record RunIdentity(String id, String name, long startMillis) {
    private static final Pattern ID = Pattern.compile("[0-9a-z]{1,12}");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    public RunIdentity {
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("run id '" + id + "': 1 to 12 of 0-9 and a-z");
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a run needs a name");
        }
        if (startMillis < 0) {
            throw new IllegalArgumentException("run start " + startMillis + " ms: must not be negative");
        }
    }

    /** 40 random bits in base 36: at most 8 characters. */
    public static String freshId() {
        return Long.toString(RANDOM.nextLong() & 0xFF_FFFF_FFFFL, 36);
    }

    public static RunIdentity fresh(String name, long startMillis) {
        return new RunIdentity(freshId(), name, startMillis);
    }

    /** "run 'NAME' started 2025-01-01 12:00:00", in this host's time zone. */
    public String describe() {
        return "run '" + name + "' started "
                + WHEN.format(Instant.ofEpochMilli(startMillis).atZone(ZoneId.systemDefault()));
    }
}
