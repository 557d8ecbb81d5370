package org.sdbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;

class SweepPlanTest {
    private static SweepRun level(int users, double avgMs) {
        return new SweepRun(users, "f", 10, 100, 0, avgMs, avgMs, 1, 1, null, 0, null, 2, null, 0, false);
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
        SweepPlan p = SweepPlan.automatic(10, 1.0, 0.1, 1000);
        int next = p.next(List.of(level(10, 100), level(20, 200)), true).getAsInt();
        assertEquals(15, next);
    }

    @Test
    void automatic_badOptions_rejected() {
        assertThrows(ConfigException.class, () -> SweepPlan.automatic(0, 1, 0.1, 10));
        assertThrows(ConfigException.class, () -> SweepPlan.automatic(10, 1, 1.5, 100));
    }
}
