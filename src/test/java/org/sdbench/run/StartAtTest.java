package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;
import org.sdbench.core.SettableClock;

class StartAtTest {
    private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void parse_isoAndEpochMillis_sameInstant() {
        assertEquals(
                StartAt.parse("--start-at", "2026-12-01T10:00:30Z", NOW),
                StartAt.parse("--start-at", Long.toString(NOW.plusSeconds(30).toEpochMilli()), NOW));
    }

    @Test
    void parse_notAnInstant_refusedNamingKeyValueAndWhatIsAllowed() {
        ConfigException e = assertThrows(ConfigException.class, () -> StartAt.parse("--start-at", "soon", NOW));
        assertTrue(
                e.getMessage().contains("'--start-at' = 'soon'")
                        && e.getMessage().contains("ISO-8601"),
                e.getMessage());
    }

    @Test
    void parse_furtherAheadThanTheBound_refused() {
        ConfigException e =
                assertThrows(ConfigException.class, () -> StartAt.parse("--start-at", "2026-12-01T10:10:01Z", NOW));
        assertTrue(e.getMessage().contains("at most 10 minutes"), e.getMessage());
    }

    @Test
    void await_ahead_waitsUntilTheInstantAndSaysNothing() throws InterruptedException {
        SettableClock clock = new SettableClock();
        clock.set(NOW.toEpochMilli() * 1_000_000L);
        List<String> said = new ArrayList<>();
        StartAt.await(NOW.plusMillis(7_500), clock, said::add);
        assertEquals(NOW.plusMillis(7_500).toEpochMilli(), clock.wallMillis());
        assertEquals(List.of(), said);
    }

    @Test
    void await_passed_startsAtOnceAndSaysHowLate() throws InterruptedException {
        SettableClock clock = new SettableClock();
        clock.set(NOW.toEpochMilli() * 1_000_000L);
        List<String> said = new ArrayList<>();
        StartAt.await(NOW.minusMillis(2_500), clock, said::add);
        assertEquals(NOW.toEpochMilli(), clock.wallMillis());
        assertEquals(List.of("set up 2.5 s after the start time it was given: starting now"), said);
    }
}
