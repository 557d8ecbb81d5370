package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ThinkTimeTest {
    @Test
    void next_noJitter_alwaysTheConfiguredTime() {
        ThinkTime t = ThinkTime.of(Duration.ofSeconds(10), 0);
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 100; i++) {
            assertEquals(10_000_000_000L, t.next(r));
        }
    }

    @Test
    void next_tenPercentJitter_withinBoundsMeanNearConfiguredAndReproducible() {
        ThinkTime t = ThinkTime.of(Duration.ofSeconds(10), 0.1);
        SplittableRandom a = new SplittableRandom(42);
        SplittableRandom b = new SplittableRandom(42);
        double sum = 0;
        int n = 10_000;
        for (int i = 0; i < n; i++) {
            long v = t.next(a);
            assertEquals(v, t.next(b), "same seed, same think times");
            assertTrue(v >= 9_000_000_000L && v <= 11_000_000_000L, "within +/-10 %: " + v);
            sum += v;
        }
        assertEquals(10e9, sum / n, 0.01e9);
    }
}
