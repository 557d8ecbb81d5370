package org.sdbench.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MvaModelTest {
    @Test
    void curve_oneUser_responseIsTheDemandPlusDelay() {
        var m = new MvaModel(10, 0.05, 0.02, 2);
        var p = m.curve(1).get(0);
        assertEquals(0.07, p.responseSeconds(), 1e-9);
        assertEquals(1 / 10.07, p.stepsPerSecond(), 1e-9);
    }

    @Test
    void curve_manyUsers_throughputApproachesTheCpuBound() {
        var m = new MvaModel(0.2, 0.001, 0.01, 2);
        var last = m.curve(2000).get(1999);
        assertEquals(2 / 0.01, last.stepsPerSecond(), 1.0, "X -> servers / demand");
        assertTrue(last.cpuUtilisation() > 0.99);
        // Past saturation, response grows linearly: R ~ N * D / m - Z.
        assertEquals(2000 * 0.01 / 2 - 0.2, last.responseSeconds(), 0.05);
    }

    @Test
    void maxUsersUnder_limit_isTheLastUserCountUnderIt() {
        var m = new MvaModel(0.2, 0.005, 0.01, 2);
        int n = m.maxUsersUnder(1.0, 10_000);
        var curve = m.curve(n + 1);
        assertTrue(curve.get(n - 1).responseSeconds() < 1.0);
        assertTrue(curve.get(n).responseSeconds() >= 1.0);
    }

    @Test
    void calibrate_responseBelowDemand_delayNeverNegative() {
        assertEquals(0, MvaModel.calibrate(1, 0.01, 0.02, 2).delaySeconds());
    }
}
