package org.sdbench.measure.environment;

import java.util.List;
import java.util.Map;

/**
 * This host's speed at simulated ABAP work (see {@code sdbench calibrate}): work units per second
 * per core with one core busy and with all cores busy, and per CPU second of each work kind.
 *
 * @param source "sdbench calibrate" (stored, with its time) or "quick, at run start"
 * @param unitsPerSecondOneCore the calibration mix on one thread, by the wall clock
 * @param unitsPerSecondPerCoreAllBusy the mix on one thread per logical CPU, per thread, by the wall clock
 * @param scaling all cores busy over one core busy, in throughput (ideal: the number of cores)
 * @param unitsPerCpuSecond the mix per second of thread CPU time (not affected by other load)
 * @param unitsPerCpuSecondByKind each kind alone on one thread, per CPU second
 * @param warnings power-saving governor or frequency, other load on the host, poor scaling
 */
public record Calibration(
        String source,
        String measuredAt,
        String cpuModel,
        int logicalCpus,
        Double frequencyMhz,
        String governor,
        double unitsPerSecondOneCore,
        double unitsPerSecondPerCoreAllBusy,
        double scaling,
        double unitsPerCpuSecond,
        Map<String, Double> unitsPerCpuSecondByKind,
        List<String> warnings) {
    public Calibration {
        unitsPerCpuSecondByKind = unitsPerCpuSecondByKind == null ? Map.of() : Map.copyOf(unitsPerCpuSecondByKind);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** Milliseconds of one core the given units take at this host's one-core speed. */
    public double msFor(long units) {
        return unitsPerSecondOneCore <= 0 ? Double.NaN : units * 1000.0 / unitsPerSecondOneCore;
    }
}
