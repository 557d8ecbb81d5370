package org.sdbench.study.experiment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One run of an experiment, as one sample: where it ran in the plan, its folder, and the value of
 * every figure (null when the run could not measure it).
 *
 * @param position          1-based place of the run in its round's order
 * @param folder            the run folder, relative to the experiment folder
 * @param exitCode          the run's own exit code (1: a check failed, such as failed steps; still a sample)
 * @param workUnitsPerCpuSecond the speed this run's simulated work ran at (a VM's speed moves by the hour): a covariate
 * @param counts            for each count figure, the events the run counted (null when it did not measure them)
 */
public record RunSample(
        int round,
        int position,
        String variant,
        String folder,
        int exitCode,
        Double workUnitsPerCpuSecond,
        Map<String, Double> values,
        Map<String, Long> counts) {
    public RunSample {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts));
    }
}
