package org.sdbench.measure.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CalibrationProbeTest {
    private static Environment.Host host(String governor, String epp, Double cur, Double max) {
        return new Environment.Host(
                "h", "Linux", "6", "amd64", "cpu", 2, 1, 1L, governor, epp, cur, null, max, "test", List.of(), Map.of(),
                null);
    }

    @Test
    void powerWarnings_powersaveGovernor_warns() {
        var w = CalibrationProbe.powerWarnings(host("powersave", null, 2400.0, 2500.0));
        assertEquals(1, w.size(), w.toString());
        assertTrue(w.get(0).contains("'powersave'") && w.get(0).contains("performance"), w.get(0));
    }

    @Test
    void powerWarnings_clockFarBelowMaximum_warnsWithFigures() {
        var w = CalibrationProbe.powerWarnings(host("performance", "balance_power", 1200.0, 3000.0));
        assertEquals(2, w.size(), w.toString());
        assertTrue(w.get(0).contains("1200 MHz, 40 % of their 3000 MHz"), w.get(0));
        assertTrue(w.get(1).contains("balance_power"), w.get(1));
    }

    @Test
    void powerWarnings_performanceAtFullClockOrUnreadable_none() {
        assertEquals(List.of(), CalibrationProbe.powerWarnings(host("performance", "performance", 2900.0, 3000.0)));
        assertEquals(List.of(), CalibrationProbe.powerWarnings(host(null, null, 2596.0, null)));
    }
}
