package org.sdbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
    private static final String ALLOWED = "a duration from 0s to 24d such as 500ms, 10s, 5m or 1h30m";

    @Test
    void parse_days_accepted() {
        assertEquals(Duration.ofDays(24), Durations.parse("k", "24d"));
        assertEquals(Duration.ofHours(36), Durations.parse("k", "1d12h"));
    }

    @Test
    void parse_aboveMax_refusedWithBounds() {
        var e = assertThrows(ConfigException.class, () -> Durations.parse("--timeout", "597h"));
        assertEquals("'--timeout' = '597h' is not allowed: " + ALLOWED, e.getMessage());
    }

    @Test
    void parse_hugeNumber_refusedNotOverflowed() {
        assertThrows(ConfigException.class, () -> Durations.parse("k", "99999999999999999999999999h"));
        assertThrows(ConfigException.class, () -> Durations.parse("k", "20d20d20d"));
    }

    @Test
    void parse_nonAsciiDigits_refused() {
        assertThrows(ConfigException.class, () -> Durations.parse("k", "٣s"));
    }

    @Test
    void parse_belowMin_refusedWithMin() {
        var e = assertThrows(ConfigException.class, () -> Durations.parse("--timeout", "0s", Duration.ofMillis(1)));
        assertEquals(
                "'--timeout' = '0s' is not allowed: a duration from 1ms to 24d such as 500ms, 10s, 5m or 1h30m",
                e.getMessage());
    }

    @Test
    void format_wholeDays_parsesBack() {
        assertEquals("24d", Durations.format(Durations.MAX));
        assertEquals(Durations.MAX, Durations.parse("k", Durations.format(Durations.MAX)));
    }
}
