package org.sdbench.report;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.TreeMap;
import org.sdbench.appserver.AppServerInstance;
import org.sdbench.appserver.AppServerSystem;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.db.Database;
import org.sdbench.db.EnvironmentException;
import org.sdbench.metrics.RunMetrics;

/** Collects the figures of a finished run from the metrics, the app tier and the database. */
public final class RunReportAssembler {
    private final SdbenchConfig config;
    private final Database db;
    private final AppServerSystem system;
    private final RunMetrics metrics;

    public RunReportAssembler(SdbenchConfig config, Database db, AppServerSystem system, RunMetrics metrics) {
        this.config = config;
        this.db = db;
        this.system = system;
        this.metrics = metrics;
    }

    public RunReport assemble(LocalDateTime started, boolean drained, int recovered, boolean stoppedEarly) {
        var a = config.appServer();
        Map<String, RunReport.NumberRangeStats> nr = new TreeMap<>();
        long hits = 0;
        long misses = 0;
        long replaced = 0;
        for (AppServerInstance i : system.instances()) {
            var s = i.numberRanges().stats();
            for (String object : config.workload().numberRangeBuffers().keySet()) {
                nr.merge(object, new RunReport.NumberRangeStats(i.numberRanges().size(object), 0, 0, 0, 0), (x, y) -> x);
            }
            nr.put("all", add(nr.get("all"), new RunReport.NumberRangeStats(-1, s.fetches(), s.numbersIssued(),
                    s.waitNs() / 1e6, i.numberRanges().unusedNumbers())));
            hits += i.tableBuffer().hits();
            misses += i.tableBuffer().misses();
            replaced += i.sessions().replacedConnections();
        }
        var e = system.enqueue().stats();
        var app = new RunReport.AppTier(a.instances(), a.dialogWorkProcesses(), a.updateWorkProcesses(), nr, e.requests(),
                e.conflicts(), e.avgLockMicros(), hits + misses == 0 ? 0 : (double) hits / (hits + misses), hits, misses);
        long pending;
        long failed;
        try (Connection c = db.connect(); var st = c.createStatement();
             var rs = st.executeQuery("SELECT COUNT(*) FILTER (WHERE vbstate = 'P'), COUNT(*) FILTER (WHERE vbstate = 'E') FROM vbhdr")) {
            rs.next();
            pending = rs.getLong(1);
            failed = rs.getLong(2);
        } catch (SQLException ex) {
            throw new EnvironmentException("reading the update request tables after the run failed: " + ex.getMessage());
        }
        var rel = new RunReport.Reliability(replaced, recovered, drained, pending, failed, stoppedEarly);
        return RunReport.of(config, version(), started.toString(), db.describe(), metrics.summary(), app, rel);
    }

    private static RunReport.NumberRangeStats add(RunReport.NumberRangeStats a, RunReport.NumberRangeStats b) {
        if (a == null) {
            return b;
        }
        return new RunReport.NumberRangeStats(-1, a.intervalFetches() + b.intervalFetches(), a.numbersIssued() + b.numbersIssued(),
                a.waitMsTotal() + b.waitMsTotal(), a.unusedNumbers() + b.unusedNumbers());
    }

    private static String version() {
        String v = RunReportAssembler.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
