package org.sdbench.study.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CrossingTest {
    @Test
    void of_bracketingRuns_linearInLogResponse() {
        // ln(0.1 / 0.05) / ln(0.2 / 0.05) = 1/2 of the way from 80 to 100 users.
        var c = Crossing.of(1, List.of(Runs.round(1, 2, 100, 200), Runs.round(1, 1, 80, 50)), 0.1)
                .orElseThrow();
        assertEquals(90, c.users(), 1e-9);
        assertFalse(c.extrapolated());
        assertEquals(80, c.lower().users());
        assertEquals(0.5, c.fraction(), 1e-12);
        assertEquals((80 * 60 + 100 * 60) / 2.0 / 1, c.at(r -> r.users() * 60.0), 1e-9);
    }

    @Test
    void of_roundThatDipsBackUnder_takesTheFirstCrossingFromBelow() {
        var runs = List.of(Runs.round(1, 1, 80, 50), Runs.round(1, 2, 90, 200), Runs.round(1, 3, 100, 90));
        assertEquals(85, Crossing.of(1, runs, 0.1).orElseThrow().users(), 1e-9);
    }

    @Test
    void of_allUnderTheLimit_extendsTheTopTwo() {
        var c = Crossing.of(1, List.of(Runs.round(1, 1, 80, 25), Runs.round(1, 2, 90, 50)), 0.1)
                .orElseThrow();
        assertTrue(c.extrapolated());
        assertEquals(100, c.users(), 1e-9);
    }

    @Test
    void of_allUnderWithTheTopRunLower_extendsTheGrowingPairNearestTheLimit() {
        // 131 users ran faster than 114 (noise): the line through 97 and 114 users is extended.
        var runs = List.of(Runs.round(1, 1, 97, 25), Runs.round(1, 2, 114, 50), Runs.round(1, 3, 131, 20));
        var c = Crossing.of(1, runs, 0.1).orElseThrow();
        assertTrue(c.extrapolated());
        assertEquals(131, c.users(), 1e-9);
        assertEquals(114, c.upper().users());
    }

    @Test
    void of_responseNotGrowing_noCrossing() {
        assertTrue(Crossing.of(1, List.of(Runs.round(1, 1, 80, 50), Runs.round(1, 2, 90, 40)), 0.1)
                .isEmpty());
        var falling = List.of(Runs.round(1, 1, 80, 150), Runs.round(1, 2, 90, 140), Runs.round(1, 3, 100, 130));
        assertTrue(Crossing.of(1, falling, 0.1).isEmpty());
        assertTrue(Crossing.of(1, List.of(Runs.round(1, 1, 80, 50)), 0.1).isEmpty());
    }
}
