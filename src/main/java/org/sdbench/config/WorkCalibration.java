package org.sdbench.config;

/**
 * What a workload's work units were calibrated against (absent: not calibrated): the reference
 * hardware and its published SAPS rating, the split of CPU per dialog step between the app tier
 * and the database that the derivation assumed, so a run can compare its measured split, and the
 * speed the units were sized at, so a run on a faster or slower hour or host can be put beside it.
 *
 * @param reference the rated hardware and where the rating is published
 * @param referenceSaps its SAPS rating
 * @param appCpuShare share of all CPU per dialog step assumed for the app tier (simulator process), 0 to 1
 * @param unitsPerCpuSecond the work speed, in units per CPU second of one core, the units per step
 *     were derived at; null when the calibration does not state it (older workload files)
 */
public record WorkCalibration(String reference, double referenceSaps, double appCpuShare, Double unitsPerCpuSecond) {
    public WorkCalibration {
        ConfigException.require(
                reference != null && !reference.isBlank(),
                "workload.calibration.reference",
                reference,
                "the rated hardware and the source of its rating");
        ConfigException.require(
                referenceSaps > 0 && referenceSaps <= 1e8,
                "workload.calibration.referenceSaps",
                referenceSaps,
                "a SAPS rating above 0");
        ConfigException.require(
                appCpuShare > 0 && appCpuShare < 1,
                "workload.calibration.appCpuShare",
                appCpuShare,
                "a fraction between 0 and 1");
        ConfigException.require(
                unitsPerCpuSecond == null || unitsPerCpuSecond > 0 && unitsPerCpuSecond <= 1e12,
                "workload.calibration.unitsPerCpuSecond",
                unitsPerCpuSecond,
                "work units per CPU second of one core above 0 (e.g. 764000), or absent");
    }
}
