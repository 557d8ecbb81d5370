package org.sdbench.report.html;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.measure.environment.Calibration;
import org.sdbench.measure.environment.Environment;
import org.sdbench.report.RunReport;
import org.sdbench.report.WorkSummary;

/** report.html: the simulated ABAP work, the host's calibrated speed and the app/DB CPU split. */
final class WorkSection {
    private WorkSection() {}

    static void render(Html h, RunReport r, Environment env) {
        WorkSummary w = r.work();
        Calibration c = env == null ? null : env.calibration();
        if (w == null && c == null) {
            return;
        }
        h.section("work", "Work model: simulated ABAP work and CPU split");
        List<List<String>> facts = new ArrayList<>();
        if (w != null) {
            facts.add(List.of(
                    "configured work",
                    Html.num(w.dialogUnitsPerStep(), 0) + " units per dialog step + "
                            + Html.num(w.updateUnitsPerStep(), 0) + " units of update modules per step"));
            facts.add(List.of(
                    "CPU of the work",
                    "dialog " + Html.num(w.dialogWorkCpuMsPerStep(), 2)
                            + " ms per step · update work processes V1 " + ms(w.updateV1WorkCpuMs()) + ", V2 "
                            + ms(w.updateV2WorkCpuMs()) + " per part"));
            if (w.appCpuMsPerStep() != null) {
                facts.add(List.of(
                        "CPU per dialog step",
                        "app tier (simulator process) " + Html.num(w.appCpuMsPerStep(), 2)
                                + " ms · DB server " + ms(w.dbCpuMsPerStep())
                                + (w.dbCpuMsPerStepNormalised() == null
                                        ? ""
                                        : " (" + ms(w.dbCpuMsPerStepNormalised()) + " at the reference DB speed)")
                                + " · app share "
                                + (w.appCpuShare() == null ? "n/a" : Html.pct(w.appCpuShare()))
                                + (w.assumedAppCpuShare() == null
                                        ? " (workload not calibrated)"
                                        : " · calibration assumed " + Html.pct(w.assumedAppCpuShare()))));
            }
            if (w.referenceSaps() != null) {
                facts.add(List.of(
                        "calibrated to",
                        Html.num(w.referenceSaps(), 0) + " SAPS: " + w.calibrationReference() + " · this run "
                                + Html.num(r.throughput().sapsLike(), 0) + " SAPS-like (comparable at saturation)"));
            }
        }
        if (c != null) {
            facts.add(List.of(
                    "host speed",
                    Html.num(c.unitsPerSecondOneCore() / 1e6, 3) + " M units/s one core busy · "
                            + Html.num(c.unitsPerSecondPerCoreAllBusy() / 1e6, 3) + " M per core with all "
                            + c.logicalCpus()
                            + " busy (" + Html.num(c.scaling(), 2) + "×) · " + Html.num(c.unitsPerCpuSecond() / 1e6, 3)
                            + " M per CPU second"));
            facts.add(List.of(
                    "calibration",
                    c.source() + " · " + c.measuredAt() + " · " + c.cpuModel() + " · governor "
                            + (c.governor() == null ? "n/a" : c.governor()) + " · "
                            + (c.frequencyMhz() == null ? "frequency n/a" : Html.num(c.frequencyMhz(), 0) + " MHz")));
            c.warnings().forEach(x -> facts.add(List.of("warning", x)));
        }
        h.facts(facts);
        h.tag(
                "p",
                "hint",
                "Work is counted in units, never in time: the same units take longer on a slower or "
                        + "power-saving CPU. 'sdbench calibrate' measures a host's speed.");
        h.end();
    }

    private static String ms(Double v) {
        return v == null ? "n/a" : Html.num(v, 2) + " ms";
    }
}
