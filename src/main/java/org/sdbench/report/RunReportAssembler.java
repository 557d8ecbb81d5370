package org.sdbench.report;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.List;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.Database;
import org.sdbench.measure.dbstats.WindowProbe;
import org.sdbench.measure.environment.Calibration;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.measure.metrics.Summary;
import org.sdbench.protocol.InstanceFigures;

/** Collects the figures of a finished run from the metrics, the app tier and the database. */
public final class RunReportAssembler {
    private final SdbenchConfig config;
    private final Database db;
    private final Figures figures;
    private final RunMetrics metrics;

    /**
     * The app tier's totals, wherever its instances ran: the one place where instances' figures are
     * added up, whether they ran in this process (two-tier) or reported over the wire (three-tier).
     */
    public record Figures(List<InstanceFigures> instances) {
        public Figures {
            instances = List.copyOf(instances);
        }

        public long sum(ToLongFunction<InstanceFigures> figure) {
            return InstanceFigures.sum(instances, figure);
        }

        List<RunReport.NumberRangeInstance> numberRanges() {
            return instances.stream()
                    .map(i -> new RunReport.NumberRangeInstance(
                            i.number(),
                            i.numberRanges().fetches(),
                            i.numberRanges().numbersIssued(),
                            i.numberRanges().waitNs() / 1e6,
                            i.numberRanges().unused()))
                    .toList();
        }

        public WorkSummary.UpdateWork updateWork() {
            return new WorkSummary.UpdateWork(
                    sum(i -> i.updateWork().v1Parts()),
                    sum(i -> i.updateWork().v1CpuNanos()),
                    sum(i -> i.updateWork().v2Parts()),
                    sum(i -> i.updateWork().v2CpuNanos()));
        }

        InstanceFigures.EnqueueFigures enqueue() {
            return new InstanceFigures.EnqueueFigures(
                    sum(i -> i.enqueue().requests()),
                    sum(i -> i.enqueue().conflicts()),
                    sum(i -> i.enqueue().lockNs()));
        }
    }

    public RunReportAssembler(SdbenchConfig config, Database db, Figures figures, RunMetrics metrics) {
        this.config = config;
        this.db = db;
        this.figures = figures;
        this.metrics = metrics;
    }

    /**
     * The DB request time per round trip that dialog steps observed in the window (client side,
     * to compare with the DB's own statement time); -1 when no step made a DB call.
     */
    public static double clientMsPerRoundTrip(Summary s) {
        double calls = s.overall().dbCallsPerStep();
        return calls <= 0 ? -1 : s.overall().avg().dbMs() / calls;
    }

    /** @param calibration this host's work-unit speed (environment.json), null when not measured */
    public RunReport assemble(
            LocalDateTime started,
            boolean drained,
            int recovered,
            boolean stoppedEarly,
            RunReport.Timeline timeline,
            WindowProbe.Result window,
            Calibration calibration) {
        var a = config.appServer();
        long hits = figures.sum(i -> i.tableBuffer().hits());
        long misses = figures.sum(i -> i.tableBuffer().misses());
        var e = figures.enqueue();
        var app = new RunReport.AppTier(
                a.instances(),
                a.dialogWorkProcesses(),
                a.updateWorkProcesses(),
                numberRanges(figures.numberRanges()),
                e.requests(),
                e.conflicts(),
                e.avgLockMicros(),
                hits + misses == 0 ? 0 : (double) hits / (hits + misses),
                hits,
                misses,
                figures.sum(InstanceFigures::rollAreaPeak),
                figures.sum(InstanceFigures::dbRoundTrips),
                figures.sum(i -> i.updateWork().dbCalls()));
        long[] vb = pendingAndFailed();
        var rel = new RunReport.Reliability(
                figures.sum(i -> i.faults().connectionsReplaced()),
                figures.sum(i -> i.faults().retriedTransactions()),
                recovered,
                drained,
                vb[0],
                vb[1],
                stoppedEarly,
                figures.sum(i -> i.faults().failedConnectionAttempts()),
                figures.sum(i -> i.faults().workProcessesReplaced()));
        Summary summary = metrics.summary();
        RunReport r = RunReport.of(
                config,
                version(),
                started.toString(),
                db.describe(),
                summary,
                app,
                rel,
                timeline,
                window.db(),
                window.host(),
                window.notes());
        return r.withWork(WorkSummary.of(config.workload(), summary, figures.updateWork(), window.host(), calibration));
    }

    private RunReport.NumberRangeSummary numberRanges(List<RunReport.NumberRangeInstance> perInstance) {
        long fetches = perInstance.stream()
                .mapToLong(RunReport.NumberRangeInstance::intervalFetches)
                .sum();
        long issued = perInstance.stream()
                .mapToLong(RunReport.NumberRangeInstance::numbersIssued)
                .sum();
        double wait = perInstance.stream()
                .mapToDouble(RunReport.NumberRangeInstance::waitMsTotal)
                .sum();
        long unused = perInstance.stream()
                .mapToLong(RunReport.NumberRangeInstance::unusedNumbers)
                .sum();
        return new RunReport.NumberRangeSummary(
                new TreeMap<>(config.workload().numberRangeBuffers()),
                perInstance,
                fetches,
                issued,
                wait,
                issued == 0 ? 0 : wait / issued,
                unused);
    }

    private long[] pendingAndFailed() {
        try (Connection c = boundedConnection();
                var st = c.createStatement();
                var rs = st.executeQuery("SELECT COALESCE(SUM(CASE WHEN vbstate = 'P' THEN 1 ELSE 0 END), 0),"
                        + " COALESCE(SUM(CASE WHEN vbstate = 'E' THEN 1 ELSE 0 END), 0) FROM vbhdr")) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2)};
        } catch (SQLException ex) {
            // The database went away at the end: the report is still written, with these two unknown
            // (a warning says so), rather than losing the whole run folder.
            return new long[] {-1, -1};
        }
    }

    /** A stalled server answers nothing: the report waits 10 s for these counts, not the socket timeout. */
    private Connection boundedConnection() throws SQLException {
        Connection c = db.connect();
        c.setNetworkTimeout(Runnable::run, 10_000);
        return c;
    }

    public static String version() {
        String v = RunReportAssembler.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
