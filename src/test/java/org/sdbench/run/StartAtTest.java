package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;
import org.sdbench.core.EnvironmentException;
import org.sdbench.core.SettableClock;

class StartAtTest {
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void parse_isoAndEpochMillis_sameInstant() {
        assertEquals(
                StartAt.instant("--start-at", "2026-12-01T10:00:30Z", NOW),
                StartAt.instant("--start-at", Long.toString(NOW.plusSeconds(30).toEpochMilli()), NOW));
    }

    @Test
    void parse_notAnInstant_refusedNamingKeyValueAndWhatIsAllowed() {
        ConfigException e = assertThrows(ConfigException.class, () -> StartAt.instant("--start-at", "soon", NOW));
        assertTrue(
                e.getMessage().contains("'--start-at' = 'soon'")
                        && e.getMessage().contains("ISO-8601"),
                e.getMessage());
    }

    @Test
    void parse_furtherAheadThanTheBound_refused() {
        ConfigException e =
                assertThrows(ConfigException.class, () -> StartAt.instant("--start-at", "2026-12-01T10:10:01Z", NOW));
        assertTrue(e.getMessage().contains("at most 10 minutes"), e.getMessage());
    }

    @Test
    void await_ahead_waitsUntilTheInstantAndSaysNothing() throws InterruptedException {
        SettableClock clock = new SettableClock();
        clock.set(NOW.toEpochMilli() * 1_000_000L);
        List<String> said = new ArrayList<>();
        StartAt.at(NOW.plusMillis(7_500)).await(clock, said::add);
        assertEquals(NOW.plusMillis(7_500).toEpochMilli(), clock.wallMillis());
        assertEquals(List.of(), said);
    }

    @Test
    void await_passed_startsAtOnceAndSaysHowLate() throws InterruptedException {
        SettableClock clock = new SettableClock();
        clock.set(NOW.toEpochMilli() * 1_000_000L);
        List<String> said = new ArrayList<>();
        StartAt.at(NOW.minusMillis(2_500)).await(clock, said::add);
        assertEquals(NOW.toEpochMilli(), clock.wallMillis());
        assertEquals(List.of("set up 2.5 s after the start time it was given: starting now"), said);
    }

    @Test
    void parse_stdin_saysItIsSetUpThenWaitsUntilTheInstantItReads() throws InterruptedException {
        SettableClock clock = new SettableClock();
        clock.set(NOW.toEpochMilli() * 1_000_000L);
        List<String> said = new ArrayList<>();
        String line = NOW.plusMillis(1_500).toEpochMilli() + "\n";
        StartAt.parse("--start-at", "stdin", NOW, input(line)).await(clock, said::add);
        assertEquals(NOW.plusMillis(1_500).toEpochMilli(), clock.wallMillis());
        assertEquals(List.of(StartAt.READY), said);
    }

    @Test
    void await_inputEndsWithoutAnInstant_environmentFailureSayingSo() {
        SettableClock clock = new SettableClock();
        EnvironmentException e = assertThrows(
                EnvironmentException.class, () -> StartAt.fromInput(input("")).await(clock, line -> {}));
        assertTrue(e.getMessage().contains("standard input ended"), e.getMessage());
    }

    @Test
    void await_inputNotAnInstant_refusedNamingWhatWasRead() {
        SettableClock clock = new SettableClock();
        clock.set(NOW.toEpochMilli() * 1_000_000L);
        ConfigException e = assertThrows(
                ConfigException.class, () -> StartAt.fromInput(input("later\n")).await(clock, line -> {}));
        assertTrue(e.getMessage().contains("'later'"), e.getMessage());
    }

    @Test
    void await_inputLineLongerThanAnInstant_refusedWithoutBufferingIt() {
        SettableClock clock = new SettableClock();
        EnvironmentException e = assertThrows(
                EnvironmentException.class,
                () -> StartAt.fromInput(input("9".repeat(10_000) + "\n")).await(clock, line -> {}));
        assertTrue(e.getMessage().contains("longer than 64 bytes"), e.getMessage());
    }

    private static ByteArrayInputStream input(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII));
    }
}
