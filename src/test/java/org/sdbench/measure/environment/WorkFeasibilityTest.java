package org.sdbench.measure.environment;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.WorkloadConfig;

class WorkFeasibilityTest {
    private final WorkloadConfig standard = new ConfigLoader(Path.of(""))
            .load(Path.of("config/two-tier.yaml"), null, List.of())
            .workload();

    private static Calibration speed(double unitsPerCpuSecond) {
        return new Calibration(
                "test",
                "now",
                "cpu",
                2,
                null,
                null,
                unitsPerCpuSecond,
                unitsPerCpuSecond,
                2,
                unitsPerCpuSecond,
                Map.of(),
                List.of());
    }

    @Test
    void require_standardWorkloadOnACalibratedHost_passes() {
        WorkFeasibility.require(standard, speed(1_000_000));
        WorkFeasibility.require(standard, null);
    }

    @Test
    void require_hostTooSlowForAStep_namesKeyUnitsAndSeconds() {
        // 600 units per second: VA01/initial (9,400 units, 16 s) passes, VA01/header (19,100, 32 s) too, items does
        // not.
        var e = assertThrows(ConfigException.class, () -> WorkFeasibility.require(standard, speed(600)));
        assertTrue(
                e.getMessage()
                        .startsWith("'workload.steps[VA01/items].work' = 37700 units is not allowed: 63 s of "
                                + "one core on this host"),
                e.getMessage());
        assertTrue(e.getMessage().contains("at most 60 s per step or module"), e.getMessage());
    }
}
