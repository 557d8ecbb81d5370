package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.RemoteFacts.CpuSample;
import org.sdbench.measure.metrics.Phases;

/** CPU per process over the window: a dead process is not credited with the whole window, each host's own cores. */
class ThreeTierSectionTest {
    private static final long S = 1_000_000_000L;
    /** Window from 10 s to 110 s. */
    private final Phases phases = Phases.of(0, Duration.ofSeconds(10), Duration.ofSeconds(100), Duration.ZERO, 1);

    @Test
    void cpuPercent_processKilledHalfwayThroughTheWindow_cpuSpreadOverTheWholeWindow() {
        // One core busy for the 50 s it lived: 50 s of CPU in a 100 s window on a 2-core host is 25 %.
        List<CpuSample> samples = List.of(new CpuSample(10 * S, 0), new CpuSample(60 * S, 50 * S));

        assertEquals(25.0, ThreeTierSection.cpuPercent(samples, phases, 2, true), 1e-9);
        assertEquals(
                50.0,
                ThreeTierSection.cpuPercent(samples, phases, 2, false),
                1e-9,
                "alive, the samples' own span is the measure (its last sample is the window's end)");
    }

    @Test
    void cpuPercent_sameCpuTimeOnHostsOfDifferentSize_dividedByItsOwnHostsCores() {
        List<CpuSample> samples = List.of(new CpuSample(10 * S, 0), new CpuSample(110 * S, 100 * S));

        assertEquals(50.0, ThreeTierSection.cpuPercent(samples, phases, 2, false), 1e-9);
        assertEquals(12.5, ThreeTierSection.cpuPercent(samples, phases, 8, false), 1e-9);
    }
}
