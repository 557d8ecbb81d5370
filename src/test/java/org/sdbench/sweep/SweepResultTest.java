package org.sdbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class SweepResultTest {
    private static LevelResult level(int users, double avgMs, double saps, Double cpuPerStep) {
        return new LevelResult(users, "u" + users, 30, 1000, 0, avgMs, avgMs * 2, saps * 60, saps, 50.0, 10, 40.0, 2,
                cpuPerStep, 0, false);
    }

    @Test
    void of_bracketedLimit_interpolatesUsersAndSaps() {
        var r = SweepResult.of("t", "now", 1.0, 0.2,
                List.of(level(100, 200, 1000, 0.003), level(200, 600, 1800, 0.003), level(300, 1400, 2000, 0.003)), "note");
        assertEquals(250.0, r.measured().maxUsers(), 1e-9);
        assertEquals(1900.0, r.measured().sapsLikeAtMax(), 1e-9);
        assertNotNull(r.model());
        assertEquals(100, r.model().calibratedOnUsers());
        assertNotNull(r.model().errorPercent());
    }

    @Test
    void of_noCpuFigures_noModelButKnee() {
        var r = SweepResult.of("t", "now", 1.0, 0.2, List.of(level(10, 100, 10, null), level(20, 2000, 20, null)), "note");
        assertNull(r.model());
        assertEquals(10 + 10 * (900.0 / 1900), r.measured().maxUsers(), 1e-9);
    }
}
