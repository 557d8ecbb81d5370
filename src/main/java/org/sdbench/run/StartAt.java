package org.sdbench.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Numbers;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;

/**
 * A run's ramp-up held until a wall-clock instant, once the run is set up: two runs side by side
 * (a duet's simulators) then start their phases, and so their measurement intervals, together
 * instead of as far apart as their start-up times. The instant is given up front, or, for a run
 * started by another process, asked for on standard input once the run is set up: the starter then
 * names one instant as soon as every run it started is ready, and nobody waits for a guessed
 * set-up time. A run set up after the instant starts at once and says how late it is.
 */
public final class StartAt {
    /** The furthest ahead a start may be set: the wait is bounded like every other. */
    public static final Duration MAX_AHEAD = Duration.ofMinutes(10);
    /** The value of {@code --start-at} that asks for the instant on standard input. */
    public static final String FROM_INPUT = "stdin";
    /** What a run that asks for its instant on standard input says once it is set up. */
    public static final String READY = "set up: waiting for the start instant on standard input";

    /** An instant fits in far fewer: a longer line is refused, not buffered. */
    private static final int MAX_LINE = 64;

    private final Instant at;
    private final InputStream input;

    private StartAt(Instant at, InputStream input) {
        this.at = at;
        this.input = input;
    }

    /** The ramp-up begins at {@code at}. */
    public static StartAt at(Instant at) {
        if (at == null) {
            throw new IllegalArgumentException("a start instant is needed");
        }
        return new StartAt(at, null);
    }

    /** The ramp-up begins at the instant read from {@code input} once the run is set up. */
    public static StartAt fromInput(InputStream input) {
        if (input == null) {
            throw new IllegalArgumentException("an input to read the start instant from is needed");
        }
        return new StartAt(null, input);
    }

    /** {@code value} as {@code --start-at} takes it: {@link #FROM_INPUT}, or an instant ({@link #instant}). */
    public static StartAt parse(String key, String value, Instant now, InputStream input) {
        return FROM_INPUT.equals(value) ? fromInput(input) : at(instant(key, value, now));
    }

    /**
     * The instant {@code value} names: ISO-8601 ({@code 2026-12-01T10:00:00Z}) or milliseconds since
     * the epoch; refused when it is more than {@link #MAX_AHEAD} after {@code now}.
     */
    public static Instant instant(String key, String value, Instant now) {
        Instant parsed;
        try {
            parsed = Numbers.isWhole(value) ? Instant.ofEpochMilli(Long.parseLong(value)) : Instant.parse(value);
        } catch (RuntimeException e) {
            throw ConfigException.key(
                    key,
                    value,
                    "an instant: ISO-8601 (2026-12-01T10:00:00Z) or milliseconds since the epoch, or '" + FROM_INPUT
                            + "' to read one from standard input once set up");
        }
        ConfigException.require(
                !parsed.isAfter(now.plus(MAX_AHEAD)),
                key,
                value,
                "at most " + MAX_AHEAD.toMinutes() + " minutes from now");
        return parsed;
    }

    /** Waits until the instant (at once when it has passed); {@code log} hears how late a late run is. */
    void await(Clock clock, Consumer<String> log) throws InterruptedException {
        Instant start = at != null ? at : read(clock, log);
        long leftMillis = start.toEpochMilli() - clock.wallMillis();
        if (leftMillis <= 0) {
            log.accept(String.format(
                    Locale.ROOT,
                    "set up %.1f s after the start time it was given: starting now",
                    -leftMillis / 1000.0));
            return;
        }
        clock.sleepUntil(clock.nanoTime() + Math.min(leftMillis, MAX_AHEAD.toMillis()) * 1_000_000L);
    }

    /** Says {@link #READY}, then reads one line from the input, at most {@link #MAX_AHEAD}. */
    private Instant read(Clock clock, Consumer<String> log) throws InterruptedException {
        log.accept(READY);
        CompletableFuture<String> line = new CompletableFuture<>();
        // A blocked read of standard input ignores interrupts: it waits on a thread of its own.
        Thread.ofVirtual().name("start-at-input").start(() -> {
            try {
                line.complete(readLine(input));
            } catch (IOException | RuntimeException e) {
                line.completeExceptionally(e);
            }
        });
        String value;
        try {
            value = line.get(MAX_AHEAD.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new EnvironmentException(
                    "no start instant on standard input within " + MAX_AHEAD.toMinutes() + " minutes of set-up");
        } catch (ExecutionException e) {
            throw new EnvironmentException("cannot read the start instant from standard input: "
                    + e.getCause().getMessage());
        }
        if (value == null) {
            throw new EnvironmentException("standard input ended before it named a start instant");
        }
        return instant("the start instant on standard input", value, Instant.ofEpochMilli(clock.wallMillis()));
    }

    /** One line without its end, null at the end of the input; refused past {@link #MAX_LINE} bytes. */
    private static String readLine(InputStream in) throws IOException {
        byte[] buf = new byte[MAX_LINE];
        int n = 0;
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                return n == 0 ? null : new String(buf, 0, n, StandardCharsets.UTF_8).strip();
            }
            if (n == MAX_LINE) {
                throw new IOException("a line longer than " + MAX_LINE + " bytes");
            }
            buf[n++] = (byte) b;
        }
        return new String(buf, 0, n, StandardCharsets.UTF_8).strip();
    }
}
