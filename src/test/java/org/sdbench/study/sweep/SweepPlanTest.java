package org.sdbench.study.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;

class SweepPlanTest {
    private static SweepRun level(int users, double avgMs) {
        return Runs.run(SweepRun.SEARCH, 0, 0, users, avgMs, 1);
    }

    @Test
    void parse_listAndRange_sortedDistinctLevels() {
        SweepPlan p = SweepPlan.parse("40, 10..30/10,20");
        assertEquals(40, p.maxUsers());
        assertEquals(10, p.next(List.of(), false).getAsInt());
        assertEquals(
                30,
                p.next(List.of(level(10, 1), level(20, 1)), false).getAsInt(),
                "finished levels are skipped (resume)");
    }

    @Test
    void parse_garbage_oneLineNamingTheOption() {
        var e = assertThrows(ConfigException.class, () -> SweepPlan.parse("10..x"));
        assertTrue(e.getMessage().startsWith("'--levels' = '10..x' is not allowed"), e.getMessage());
        assertThrows(ConfigException.class, () -> SweepPlan.parse("0,10"));
    }

    @Test
    void next_fixedLevelsAfterExplosion_stops() {
        assertTrue(SweepPlan.parse("10,20").next(List.of(level(10, 1)), true).isEmpty());
    }

    @Test
    void automatic_errorsExplodeUnderTheLimit_bisectsBelowTheExplodedLevel() {
        SweepPlan p = SweepPlan.automatic(10, 1.0, 1000);
        int next = p.next(List.of(level(10, 100), level(20, 200)), true).getAsInt();
        assertEquals(15, next);
    }

    @Test
    void automatic_badOptions_rejected() {
        assertThrows(ConfigException.class, () -> SweepPlan.automatic(0, 1, 10));
        assertThrows(ConfigException.class, () -> SweepPlan.automatic(100, 1, 10));
    }

    @Test
    void roundLevels_automatic_theKneeEstimateAndFifteenPercentEitherSide() {
        // log-linear between 80 users at 50 ms and 160 at 400 ms: 100 ms a third of the way, 106.7 users.
        var levels = SweepPlan.automatic(10, 0.1, 1000)
                .roundLevels(List.of(level(40, 20), level(80, 50), level(160, 400)), 0.1)
                .orElseThrow();
        assertEquals(List.of(91, 107, 123), levels);
    }

    @Test
    void roundLevels_fixed_theBracketAndTheNearerNeighbour() {
        var plan = SweepPlan.parse("10,20,40,80,160");
        var search = List.of(level(10, 5), level(20, 10), level(40, 60), level(80, 200), level(160, 900));
        assertEquals(List.of(20, 40, 80), plan.roundLevels(search, 0.1).orElseThrow());
    }

    @Test
    void roundLevels_notBracketed_none() {
        var plan = SweepPlan.automatic(10, 0.1, 40);
        assertTrue(plan.roundLevels(List.of(level(10, 5), level(20, 10), level(40, 20)), 0.1)
                .isEmpty());
        assertTrue(plan.roundLevels(List.of(level(1, 500)), 0.1).isEmpty());
    }
}
