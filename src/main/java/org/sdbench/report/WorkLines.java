package org.sdbench.report;

import java.io.PrintWriter;
import java.util.Locale;

/** The work-model lines of the terminal summary: configured work, its CPU, and the app/DB CPU split. */
final class WorkLines {
    private WorkLines() {
    }

    static void print(RunReport r, PrintWriter out) {
        WorkSummary w = r.work();
        if (w == null) {
            return;
        }
        out.printf(Locale.ROOT, "work          %,.0f units per dialog step + %,.0f in update modules; CPU of the work: "
                        + "dialog %.1f ms per step, update V1 %s, V2 %s per part%n", w.dialogUnitsPerStep(),
                w.updateUnitsPerStep(), w.dialogWorkCpuMsPerStep(), ms(w.updateV1WorkCpuMs()), ms(w.updateV2WorkCpuMs()));
        if (w.unitsPerSecondOneCore() != null) {
            out.printf(Locale.ROOT, "host speed    %.3f M units per CPU second: the configured work is %.1f ms of one core "
                    + "per dialog step here%n", w.unitsPerSecondOneCore() / 1e6, w.expectedWorkMsPerStep());
        }
        if (w.hostCalibration() != null) {
            out.println("calibration   " + w.hostCalibration());
        }
        w.calibrationWarnings().forEach(x -> out.println("WARNING " + x));
        if (w.appCpuMsPerStep() != null) {
            out.printf(Locale.ROOT, "CPU split     app tier (simulator) %.1f ms, DB %s per dialog step: app %s%s%n",
                    w.appCpuMsPerStep(), ms(w.dbCpuMsPerStep()),
                    w.appCpuShare() == null ? "n/a" : String.format(Locale.ROOT, "%.1f %%", w.appCpuShare() * 100),
                    w.assumedAppCpuShare() == null ? " (workload not calibrated)"
                            : String.format(Locale.ROOT, " (calibration assumed %.1f %%)", w.assumedAppCpuShare() * 100));
        }
        if (w.referenceSaps() != null) {
            out.printf(Locale.ROOT, "calibrated    to %,.0f SAPS: %s; this run %,.0f SAPS-like (%+.0f %%; meaningful at "
                            + "saturation only)%n", w.referenceSaps(), w.calibrationReference(), r.throughput().sapsLike(),
                    100 * (r.throughput().sapsLike() / w.referenceSaps() - 1));
        }
    }

    private static String ms(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.1f ms", v);
    }
}
