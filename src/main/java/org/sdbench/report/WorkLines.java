package org.sdbench.report;

import java.io.PrintWriter;
import java.util.Locale;

/** The work-model lines of the terminal summary: configured work, its CPU, and the app/DB CPU split. */
final class WorkLines {
    /**
     * The database's share of all CPU used in certificate 2003018 (whitepaper Tables 1 and 5): the DB
     * server's 4 CPUs at 94 % against ten 8-CPU dialog/update servers at 61 % and a 4-CPU central
     * instance at 4 %: 3.76 / (3.76 + 48.8 + 0.16) = 7.1 %.
     */
    static final double DB_SHARE_ANCHOR = 4 * 0.94 / (4 * 0.94 + 10 * 8 * 0.61 + 4 * 0.04);

    static final String DB_SHARE_SOURCE =
            "certificate 2003018, DB 4 CPUs at 94 % vs app servers 80 CPUs at 61 % + 4 at 4 %;"
                    + " published two-tier analyses 6-9 %";

    private WorkLines() {}

    static void print(RunReport r, PrintWriter out) {
        WorkSummary w = r.work();
        if (w == null) {
            return;
        }
        out.printf(
                Locale.ROOT,
                "work          %,.0f units per dialog step + %,.0f in update modules; CPU of the work: "
                        + "dialog %.1f ms per step, update V1 %s, V2 %s per part%n",
                w.dialogUnitsPerStep(),
                w.updateUnitsPerStep(),
                w.dialogWorkCpuMsPerStep(),
                ms(w.updateV1WorkCpuMs()),
                ms(w.updateV2WorkCpuMs()));
        if (w.unitsPerSecondOneCore() != null || w.runUnitsPerCpuSecond() != null) {
            out.println(hostSpeed(w, r.throughput().sapsLikeAtCalibrationSpeed()));
        }
        if (w.hostCalibration() != null) {
            out.println("calibration   " + w.hostCalibration());
        }
        w.calibrationWarnings().forEach(x -> out.println("WARNING " + x));
        if (w.appCpuMsPerStep() != null) {
            out.printf(
                    Locale.ROOT,
                    "CPU split     app tier (simulator) %.1f ms, DB %s%s per dialog step: app %s%s%n",
                    w.appCpuMsPerStep(),
                    ms(w.dbCpuMsPerStep()),
                    w.dbCpuMsPerStepNormalised() == null
                            ? ""
                            : " (" + ms(w.dbCpuMsPerStepNormalised()) + " at the reference DB speed)",
                    w.appCpuShare() == null ? "n/a" : String.format(Locale.ROOT, "%.1f %%", w.appCpuShare() * 100),
                    w.assumedAppCpuShare() == null
                            ? " (workload not calibrated)"
                            : String.format(
                                    Locale.ROOT, " (calibration assumed %.1f %%)", w.assumedAppCpuShare() * 100));
            if (w.appCpuShare() != null) {
                out.printf(
                        Locale.ROOT,
                        "DB share      %.1f %% of the CPU the run used (app tier + DB); anchor ~%.0f %%: %s%n",
                        100 * (1 - w.appCpuShare()),
                        100 * DB_SHARE_ANCHOR,
                        DB_SHARE_SOURCE);
            }
        }
        if (w.referenceSaps() != null) {
            out.printf(
                    Locale.ROOT,
                    "calibrated    to %,.0f SAPS: %s; this run %,.0f SAPS-like (%+.0f %%; meaningful at "
                            + "saturation only)%n",
                    w.referenceSaps(),
                    w.calibrationReference(),
                    r.throughput().sapsLike(),
                    100 * (r.throughput().sapsLike() / w.referenceSaps() - 1));
        }
    }

    /**
     * The calibrated speed, what it makes of the configured work, the speed this run's work ran at,
     * and SAPS-like at the speed the workload was calibrated at, each where known.
     */
    static String hostSpeed(WorkSummary w, Double sapsLikeAtCalibrationSpeed) {
        Double run = w.runUnitsPerCpuSecond();
        StringBuilder b = new StringBuilder("host speed    ");
        if (w.unitsPerSecondOneCore() != null) {
            b.append(String.format(
                    Locale.ROOT,
                    "%.3f M units per CPU second: the configured work is %.1f ms of one core " + "per dialog step here",
                    w.unitsPerSecondOneCore() / 1e6,
                    w.expectedWorkMsPerStep()));
            if (run != null) {
                b.append("; ");
            }
        }
        if (run != null) {
            b.append(String.format(
                    Locale.ROOT,
                    "this run's dialog work ran at %.3f M%s",
                    run / 1e6,
                    w.unitsPerSecondOneCore() == null ? " units per CPU second (host not calibrated)" : ""));
        }
        if (sapsLikeAtCalibrationSpeed != null) {
            b.append(String.format(
                    Locale.ROOT,
                    "; at the workload's calibration speed (%.3f M) %,.0f SAPS-like " + "(saturated runs only)",
                    w.calibrationUnitsPerCpuSecond() / 1e6,
                    sapsLikeAtCalibrationSpeed));
        }
        return b.toString();
    }

    private static String ms(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.1f ms", v);
    }
}
