package org.sdbench.run;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.function.Consumer;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Numbers;
import org.sdbench.core.Clock;

/**
 * A run's ramp-up held until a wall-clock instant, once the run is set up: two runs side by side
 * (a duet's simulators) then start their phases, and so their measurement intervals, together
 * instead of as far apart as their start-up times. A run set up after the instant starts at once and
 * says how late it is.
 */
public final class StartAt {
    /** The furthest ahead a start may be set: the wait is bounded like every other. */
    public static final Duration MAX_AHEAD = Duration.ofMinutes(10);

    private StartAt() {}

    /**
     * The instant {@code value} names: ISO-8601 ({@code 2026-12-01T10:00:00Z}) or milliseconds since
     * the epoch; refused when it is more than {@link #MAX_AHEAD} after {@code now}.
     */
    public static Instant parse(String key, String value, Instant now) {
        Instant at;
        try {
            at = Numbers.isWhole(value) ? Instant.ofEpochMilli(Long.parseLong(value)) : Instant.parse(value);
        } catch (RuntimeException e) {
            throw ConfigException.key(
                    key, value, "an instant: ISO-8601 (2026-12-01T10:00:00Z) or milliseconds since the epoch");
        }
        ConfigException.require(
                !at.isAfter(now.plus(MAX_AHEAD)), key, value, "at most " + MAX_AHEAD.toMinutes() + " minutes from now");
        return at;
    }

    /** Waits until {@code at} (nothing when null or passed); {@code log} hears how late a late run is. */
    static void await(Instant at, Clock clock, Consumer<String> log) throws InterruptedException {
        if (at == null) {
            return;
        }
        long leftMillis = at.toEpochMilli() - clock.wallMillis();
        if (leftMillis <= 0) {
            log.accept(String.format(
                    Locale.ROOT,
                    "set up %.1f s after the start time it was given: starting now",
                    -leftMillis / 1000.0));
            return;
        }
        clock.sleepUntil(clock.nanoTime() + Math.min(leftMillis, MAX_AHEAD.toMillis()) * 1_000_000L);
    }
}
