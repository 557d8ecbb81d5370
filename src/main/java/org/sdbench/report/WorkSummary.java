package org.sdbench.report;

import java.util.List;
import java.util.Locale;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.core.SdStep;
import org.sdbench.measure.environment.Calibration;
import org.sdbench.measure.environment.HostUsage;
import org.sdbench.measure.metrics.Summary;

/**
 * The simulated ABAP work of a run and where the CPU went: configured units, the CPU the work took
 * (dialog and update work processes), and the measured app-tier vs DB CPU per dialog step next to
 * the split the workload's calibration assumed.
 *
 * @param dialogUnitsPerStep configured units per dialog step, averaged over the loop
 * @param updateUnitsPerStep configured units of the update modules per dialog step (a loop's modules / 15)
 * @param dialogWorkCpuMsPerStep CPU the dialog steps' work took, per step in the window
 * @param updateV1WorkCpuMs CPU of the update modules' work per V1 part, whole run (null: no V1 ran)
 * @param updateV2WorkCpuMs the same per V2 part
 * @param unitsPerSecondOneCore this host's speed per CPU second of one core (environment.json calibration),
 *     null when not measured
 * @param expectedWorkMsPerStep dialog plus update units per step at that speed, in ms of one core
 * @param appCpuMsPerStep simulator process CPU per dialog step in the window (null: not sampled)
 * @param dbCpuMsPerStep CPU of the run's PostgreSQL cluster per dialog step in the window (null: not
 *     sampled, the host's note says why)
 * @param appCpuShare app / (app + DB) measured
 * @param assumedAppCpuShare what the workload's calibration assumed (null: workload not calibrated)
 * @param calibrationReference the rated hardware the workload was calibrated against (null: not calibrated)
 * @param referenceSaps its published SAPS rating
 * @param calibrationUnitsPerCpuSecond the work speed the workload's units were calibrated at
 *     (workload.calibration.unitsPerCpuSecond; null: not stated or not calibrated)
 * @param hostCalibration where the speed came from and on what: CPU model, governor, frequency (null: none)
 * @param calibrationWarnings power-saving governor or clock, other load, poor scaling across cores
 * @param dbCpuMsPerStepNormalised dbCpuMsPerStep at the speed probe's reference speed:
 *     {@code dbCpuMsPerStep * rowsPerCpuSecond / referenceRowsPerCpuSecond} (null: either unknown)
 */
public record WorkSummary(
        double dialogUnitsPerStep,
        double updateUnitsPerStep,
        double dialogWorkCpuMsPerStep,
        Double updateV1WorkCpuMs,
        Double updateV2WorkCpuMs,
        Double unitsPerSecondOneCore,
        Double expectedWorkMsPerStep,
        Double appCpuMsPerStep,
        Double dbCpuMsPerStep,
        Double appCpuShare,
        Double assumedAppCpuShare,
        String calibrationReference,
        Double referenceSaps,
        Double calibrationUnitsPerCpuSecond,
        String hostCalibration,
        List<String> calibrationWarnings,
        Double dbCpuMsPerStepNormalised) {
    public WorkSummary {
        calibrationWarnings = calibrationWarnings == null ? List.of() : List.copyOf(calibrationWarnings);
    }

    /**
     * Units per CPU second the dialog steps' work ran at in this run, or null without work CPU: a
     * VM's speed per unit moves between runs, and this explains a SAPS-like the calibration does not.
     */
    public Double runUnitsPerCpuSecond() {
        return dialogWorkCpuMsPerStep > 0 ? dialogUnitsPerStep / dialogWorkCpuMsPerStep * 1e3 : null;
    }

    /**
     * SAPS-like scaled from this run's own work speed to the speed the workload was calibrated at:
     * {@code sapsLike * calibrationUnitsPerCpuSecond / runUnitsPerCpuSecond}. It reads "what this
     * run would have scored had the simulated work run as fast as when the units were sized", so
     * runs from different hours of a shared VM, or from different hosts, can be put side by side.
     *
     * <p>Its limits: it assumes throughput is bound by the CPU of the dialog steps' simulated work
     * (a saturated run), so it is meaningless below saturation, where think time sets the
     * throughput; it scales the whole step by the work's speed, so where the DB, the JVM's own
     * work or I/O did not change speed with the work (a host slower only for the simulator) it
     * over-corrects by roughly their share of a step's CPU (about a sixth at calibration).
     *
     * @return null when the calibration speed or this run's work speed is unknown
     */
    public Double sapsLikeAtCalibrationSpeed(double sapsLike) {
        Double run = runUnitsPerCpuSecond();
        return run == null || calibrationUnitsPerCpuSecond == null
                ? null
                : sapsLike * calibrationUnitsPerCpuSecond / run;
    }

    /** Update work per part, over the whole run: parts run (attempts included) and their CPU. */
    public record UpdateWork(long v1Parts, long v1CpuNanos, long v2Parts, long v2CpuNanos) {}

    public static WorkSummary of(WorkloadConfig w, Summary s, UpdateWork upd, HostUsage host, Calibration cal) {
        double dialog =
                SdStep.LOOP.stream().mapToLong(st -> w.step(st).units().total()).sum() / (double) SdStep.LOOP.size();
        double update = w.updateWork().keySet().stream()
                        .mapToLong(m -> w.updateWorkOf(m).total())
                        .sum()
                / (double) SdStep.LOOP.size();
        long steps = s.overall().count() + s.overall().errors();
        Double app = null;
        Double db = null;
        Double share = null;
        if (host != null && steps > 0) {
            double capacityMs = host.seconds() * host.logicalCpus() * 1000 / 100;
            app = host.simulatorCpuPercent() * capacityMs / steps;
            Double dbPercent = host.dbServerCpuPercent();
            db = dbPercent == null ? null : dbPercent * capacityMs / steps;
            share = db == null || app + db <= 0 ? null : app / (app + db);
        }
        // Per CPU second, not per wall second: what one core does when the work has it, whatever else runs.
        Double speed = cal == null || cal.unitsPerCpuSecond() <= 0 ? null : cal.unitsPerCpuSecond();
        var c = w.calibration();
        return new WorkSummary(
                dialog,
                update,
                s.overall().avg().cpuMs(),
                upd.v1Parts() == 0 ? null : upd.v1CpuNanos() / 1e6 / upd.v1Parts(),
                upd.v2Parts() == 0 ? null : upd.v2CpuNanos() / 1e6 / upd.v2Parts(),
                speed,
                speed == null ? null : (dialog + update) * 1000 / speed,
                app,
                db,
                share,
                c == null ? null : c.appCpuShare(),
                c == null ? null : c.reference(),
                c == null ? null : c.referenceSaps(),
                c == null ? null : c.unitsPerCpuSecond(),
                cal == null
                        ? null
                        : String.format(
                                Locale.ROOT,
                                "%s, %d logical CPUs, governor %s, %s; %s %s",
                                cal.cpuModel(),
                                cal.logicalCpus(),
                                cal.governor() == null ? "n/a" : cal.governor(),
                                cal.frequencyMhz() == null
                                        ? "frequency n/a"
                                        : String.format(Locale.ROOT, "%.0f MHz", cal.frequencyMhz()),
                                cal.source(),
                                cal.measuredAt()),
                cal == null ? null : cal.warnings(),
                host == null || host.dbSpeed() == null ? null : host.dbSpeed().atReferenceSpeed(db));
    }
}
