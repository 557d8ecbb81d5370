package org.sdbench.report;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.sdbench.appserver.AppServerInstance;
import org.sdbench.appserver.AppServerSystem;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.db.Database;
import org.sdbench.dbstats.WindowProbe;
import org.sdbench.env.Calibration;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.metrics.Summary;
import org.sdbench.protocol.enqueue.EnqueueStats;

/** Collects the figures of a finished run from the metrics, the app tier and the database. */
public final class RunReportAssembler {
    private final SdbenchConfig config;
    private final Database db;
    private final Figures figures;
    private final RunMetrics metrics;

    /** The app tier's totals, wherever its instances ran. */
    public record Figures(
            List<RunReport.NumberRangeInstance> numberRanges,
            long tableBufferHits,
            long tableBufferMisses,
            long connectionsReplaced,
            long retriedTransactions,
            EnqueueStats enqueue,
            WorkSummary.UpdateWork updateWork,
            long failedConnectionAttempts,
            long workProcessesReplaced) {

        /**
         * The one place where instances' totals are added up, whether the instances ran in this
         * process (two-tier) or reported over the wire (three-tier).
         */
        public static Figures of(List<InstanceFigures> instances, EnqueueStats enqueue) {
            long hits = 0;
            long misses = 0;
            long replaced = 0;
            long retried = 0;
            long failedOpens = 0;
            long deadProcesses = 0;
            long v1 = 0;
            long v1Ns = 0;
            long v2 = 0;
            long v2Ns = 0;
            List<RunReport.NumberRangeInstance> nr = new ArrayList<>();
            for (InstanceFigures i : instances) {
                nr.add(new RunReport.NumberRangeInstance(
                        i.number(),
                        i.numberRangeFetches(),
                        i.numbersIssued(),
                        i.numberRangeWaitNs() / 1e6,
                        i.unusedNumbers()));
                hits += i.tableBufferHits();
                misses += i.tableBufferMisses();
                replaced += i.connectionsReplaced();
                retried += i.retriedTransactions();
                failedOpens += i.failedConnectionAttempts();
                deadProcesses += i.workProcessesReplaced();
                v1 += i.updateWork().v1Parts();
                v1Ns += i.updateWork().v1CpuNanos();
                v2 += i.updateWork().v2Parts();
                v2Ns += i.updateWork().v2CpuNanos();
            }
            return new Figures(
                    nr,
                    hits,
                    misses,
                    replaced,
                    retried,
                    enqueue,
                    new WorkSummary.UpdateWork(v1, v1Ns, v2, v2Ns),
                    failedOpens,
                    deadProcesses);
        }
    }

    /** One app-server instance's totals since it started. */
    public record InstanceFigures(
            int number,
            long numberRangeFetches,
            long numbersIssued,
            long numberRangeWaitNs,
            long unusedNumbers,
            long tableBufferHits,
            long tableBufferMisses,
            long connectionsReplaced,
            long retriedTransactions,
            long failedConnectionAttempts,
            long workProcessesReplaced,
            WorkSummary.UpdateWork updateWork) {

        public static InstanceFigures of(AppServerInstance i) {
            var s = i.numberRanges().stats();
            var t = i.updateTask().workTotals();
            return new InstanceFigures(
                    i.number(),
                    s.fetches(),
                    s.numbersIssued(),
                    s.waitNs(),
                    i.numberRanges().unusedNumbers(),
                    i.tableBuffer().hits(),
                    i.tableBuffer().misses(),
                    i.sessions().replacedConnections(),
                    i.retriedTransactions(),
                    i.sessions().failedOpens(),
                    i.replacedWorkProcesses(),
                    new WorkSummary.UpdateWork(t.v1Parts(), t.v1CpuNanos(), t.v2Parts(), t.v2CpuNanos()));
        }
    }

    public RunReportAssembler(SdbenchConfig config, Database db, AppServerSystem system, RunMetrics metrics) {
        this(
                config,
                db,
                Figures.of(
                        system.instances().stream().map(InstanceFigures::of).toList(),
                        system.enqueue().stats()),
                metrics);
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

    public RunReport assemble(
            LocalDateTime started,
            boolean drained,
            int recovered,
            boolean stoppedEarly,
            RunReport.Timeline timeline,
            WindowProbe.Result window) {
        return assemble(started, drained, recovered, stoppedEarly, timeline, window, null);
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
        long hits = figures.tableBufferHits();
        long misses = figures.tableBufferMisses();
        long replaced = figures.connectionsReplaced();
        long retried = figures.retriedTransactions();
        List<RunReport.NumberRangeInstance> nr = figures.numberRanges();
        var e = figures.enqueue();
        long failedOpens = figures.failedConnectionAttempts();
        long deadProcesses = figures.workProcessesReplaced();
        var app = new RunReport.AppTier(
                a.instances(),
                a.dialogWorkProcesses(),
                a.updateWorkProcesses(),
                numberRanges(nr),
                e.requests(),
                e.conflicts(),
                e.avgLockMicros(),
                hits + misses == 0 ? 0 : (double) hits / (hits + misses),
                hits,
                misses);
        long[] vb = pendingAndFailed();
        var rel = new RunReport.Reliability(
                replaced, retried, recovered, drained, vb[0], vb[1], stoppedEarly, failedOpens, deadProcesses);
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
