package org.sdbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalTime;
import org.junit.jupiter.api.Test;

class LogTimeTest {
    @Test
    void of_wholeMinute_keepsSeconds() {
        assertEquals("12:05:00", LogTime.of(LocalTime.of(12, 5)));
    }

    @Test
    void of_fractionOfSecond_dropped() {
        assertEquals("09:00:07", LogTime.of(LocalTime.of(9, 0, 7, 999_000_000)));
    }
}
