package org.sdbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class SweepResultTest {
    private static SweepRun level(int users, double avgMs, double saps, Double cpuPerStep) {
        boolean cpu = cpuPerStep != null;
        return new SweepRun(
                users,
                "u" + users,
                30,
                1000L * users,
                0,
                avgMs,
                avgMs * 2,
                saps * 60,
                saps,
                cpu ? 50.0 : null,
                cpu ? 1.0 * users / 10 : 0,
                cpu ? 0.5 * users / 10 : null,
                2,
                cpuPerStep,
                0,
                false);
    }

    @Test
    void of_bracketedLimit_interpolatesUsersAndSaps() {
        var r = SweepResult.of(
                "t",
                "now",
                1.0,
                0.2,
                List.of(level(100, 200, 1000, 0.003), level(200, 600, 1800, 0.003), level(300, 1400, 2000, 0.003)),
                "note");
        assertEquals(250.0, r.measured().maxUsers(), 1e-9);
        assertEquals(1900.0, r.measured().sapsLikeAtMax(), 1e-9);
        assertNotNull(r.model());
        assertEquals(List.of(100, 200, 300), r.model().calibratedOnUsers(), "all levels under 80 % host CPU calibrate");
        // CPU (sim + DB) grows 1.5 % of 2 CPUs per 10 users while steps/s grow 1000/30 per user: a linear demand.
        double stepsPerSecondPerUser = 1000.0 / 30;
        assertEquals(0.015 * 2 / 10 / stepsPerSecondPerUser * 1000, r.model().cpuDemandMs(), 1e-9);
        assertNotNull(r.model().errorPercent());
    }

    @Test
    void of_noCpuFigures_noModelButKnee() {
        var r = SweepResult.of(
                "t", "now", 1.0, 0.2, List.of(level(10, 100, 10, null), level(20, 2000, 20, null)), "note");
        assertNull(r.model());
        assertEquals(10 + 10 * (900.0 / 1900), r.measured().maxUsers(), 1e-9);
    }

    @Test
    void of_negativeCpuFigures_noModelInsteadOfAnInternalError() {
        // A busy shared host once gave the DB server a negative CPU share: the regression's slope and
        // the fallback ratio were both negative, and the MVA model refused them with an exception.
        SweepRun low = new SweepRun(10, "u10", 30, 3000, 0, 20, 40, 360_000, 100, 60.0, 5, -16.0, 2, null, 0, false);
        SweepRun high = new SweepRun(20, "u20", 30, 6000, 0, 25, 50, 720_000, 200, 70.0, 6, -30.0, 2, null, 0, false);
        var r = SweepResult.of("t", "now", 1.0, 0.2, List.of(low, high), "note");
        assertNull(r.model());
    }
}
