package org.sdbench.measure.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PhasesTest {
    private static final long S = 1_000_000_000L;
    private final Phases p =
            Phases.of(100 * S, Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(5), 4);

    @Test
    void logonAt_fourUsersOverTenSeconds_spreadEvenlyFirstAtStart() {
        assertEquals(100 * S, p.logonAt(1));
        assertEquals(100 * S + 10 * S / 4, p.logonAt(2));
        assertEquals(100 * S + 30 * S / 4, p.logonAt(4));
        assertTrue(p.logonAt(4) < p.windowStart(), "every user is logged on before the window opens");
    }

    @Test
    void phaseAt_boundaries_belongToTheLaterPhase() {
        assertEquals(Phases.Phase.RAMP_UP, p.phaseAt(p.windowStart() - 1));
        assertEquals(Phases.Phase.MEASUREMENT, p.phaseAt(p.windowStart()));
        assertEquals(Phases.Phase.MEASUREMENT, p.phaseAt(p.windowEnd() - 1));
        assertEquals(Phases.Phase.RAMP_DOWN, p.phaseAt(p.windowEnd()));
        assertEquals(Phases.Phase.DONE, p.phaseAt(p.end()));
        assertEquals(175 * S, p.end());
    }

    @Test
    void nextBoundary_phaseBoundaryBeforeTick_harvestsAtBoundary() {
        assertEquals(p.windowStart(), p.nextBoundary(105 * S, 115 * S));
        assertEquals(115 * S, p.nextBoundary(p.windowStart(), 115 * S));
        assertEquals(p.windowEnd(), p.nextBoundary(165 * S, 175 * S));
        assertEquals(p.end(), p.nextBoundary(p.windowEnd(), 180 * S));
    }

    @Test
    void new_zeroWindow_rejected() {
        assertThrows(IllegalArgumentException.class, () -> new Phases(0, 0, 0, 0, 1));
    }
}
