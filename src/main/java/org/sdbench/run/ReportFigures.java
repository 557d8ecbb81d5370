package org.sdbench.run;

import java.time.LocalDateTime;
import java.util.List;
import org.sdbench.apptier.AppTier;
import org.sdbench.apptier.RemoteFacts;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.Database;
import org.sdbench.measure.dbstats.WindowProbe;
import org.sdbench.measure.environment.Environment;
import org.sdbench.measure.environment.HostUsage;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.report.BufferWindow;
import org.sdbench.report.Certificate;
import org.sdbench.report.Durability;
import org.sdbench.report.IntervalRow;
import org.sdbench.report.NetworkSection;
import org.sdbench.report.RunReport;
import org.sdbench.report.RunReportAssembler;
import org.sdbench.report.ThreeTierSection;
import org.sdbench.report.WorkSummary;
import org.sdbench.report.rules.SdRules;
import org.sdbench.report.threshold.Threshold;
import org.sdbench.report.threshold.Thresholds;

/**
 * The one place where a finished run's report is put together, whatever the layout: every
 * figure of result.json, the summary and report.html comes from here, from the metrics, the
 * window probe and the facts the app tier gives ({@link AppTier}). A new figure goes in here (and
 * into {@link AppTier} when only the tier knows it), once for both layouts.
 */
final class ReportFigures {
    private ReportFigures() {}

    /** What the run knows when its driver has finished and its app tier has drained. */
    record Facts(
            LocalDateTime started,
            boolean drained,
            int recovered,
            boolean stoppedEarly,
            Phases phases,
            int intervalSeconds,
            WindowProbe.Result window,
            BufferWindow buffers,
            long customizingChanges,
            List<IntervalRow> rows) {}

    static RunReport assemble(
            SdbenchConfig c,
            Database db,
            Environment env,
            AppTier tier,
            RunMetrics metrics,
            List<Threshold> thresholds,
            Facts f) {
        var timeline = new RunReport.Timeline(
                c.run().rampUp().toNanos() / 1e9,
                c.run().duration().toNanos() / 1e9,
                c.run().rampDown().toNanos() / 1e9,
                f.intervalSeconds());
        RunReportAssembler.Figures figures = new RunReportAssembler.Figures(tier.instances());
        RunReport report = new RunReportAssembler(c, db, figures, metrics)
                .assemble(
                        f.started(),
                        f.drained(),
                        f.recovered(),
                        f.stoppedEarly(),
                        timeline,
                        f.window(),
                        env.calibration());
        report = report.withThreeTier(report.threeTier(), Durability.warnings(env.database()));
        RemoteFacts remote = tier.remote();
        if (remote != null) {
            var built = ThreeTierSection.of(
                    remote,
                    metrics.serverResponse(),
                    report.summary().overall().response().avgMs(),
                    f.window().host(),
                    f.phases());
            report = report.withThreeTier(built.section(), built.warnings());
        }
        report = report.withTableBuffer(f.buffers()
                .figures(c.appServer().tableBufferEntries(), figures.instances())
                .withCustomizingChanges(f.customizingChanges()));
        report = withSimulatorCpu(
                report, c, metrics, figures.updateWork(), f.window().host(), env);
        report = report.withNetwork(NetworkSection.of(
                tier.network(), env.network() == null ? null : env.network().dbRoundTrip()));
        report = report.withThresholds(Thresholds.evaluate(thresholds, report));
        return report.withCertificate(
                Certificate.of(report, SdRules.judge(c.run().rules(), c.workload(), report, f.rows()), env));
    }

    /**
     * The work section's CPU per step counts every sdbench process of the run: the driver alone in
     * two-tier, driver, app servers and central services in three-tier.
     */
    private static RunReport withSimulatorCpu(
            RunReport report,
            SdbenchConfig c,
            RunMetrics metrics,
            WorkSummary.UpdateWork updateWork,
            HostUsage h,
            Environment env) {
        var t = report.threeTier() == null ? null : report.threeTier().cpu();
        if (h == null || t == null) {
            return report;
        }
        double sdbench = known(t.driver()) + known(t.appServers()) + known(t.central());
        HostUsage all = new HostUsage(
                h.seconds(),
                h.logicalCpus(),
                h.hostBusyPercent(),
                sdbench,
                h.dbServerCpuPercent(),
                h.note(),
                h.databaseBackendsCpuPercent(),
                h.dbSpeed(),
                h.stealPercent());
        return report.withWork(WorkSummary.of(c.workload(), metrics.summary(), updateWork, all, env.calibration()));
    }

    private static double known(Double percent) {
        return percent == null ? 0 : percent;
    }
}
