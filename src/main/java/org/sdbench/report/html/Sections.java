package org.sdbench.report.html;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.sdbench.measure.dbstats.DbWindow;
import org.sdbench.measure.environment.Environment;
import org.sdbench.measure.environment.KernelMitigations;
import org.sdbench.measure.metrics.Component;
import org.sdbench.measure.metrics.StepStats;
import org.sdbench.measure.metrics.Summary;
import org.sdbench.report.DbLines;
import org.sdbench.report.RunReport;
import org.sdbench.report.ThresholdResult;

/** The table sections of report.html, rendered from result.json's records. */
final class Sections {
    private Sections() {}

    static void thresholds(Html h, List<ThresholdResult> results) {
        if (results.isEmpty()) {
            return;
        }
        h.section("thresholds", "Thresholds");
        h.raw("<table><thead><tr><th>result</th><th>threshold</th><th class=\"n\">measured</th></tr></thead><tbody>\n");
        for (ThresholdResult t : results) {
            h.raw("<tr class=\"" + (t.passed() ? "pass" : "fail") + "\"><td>" + (t.passed() ? "passed" : "FAILED")
                            + "</td><td>")
                    .text(t.expression())
                    .raw("</td><td class=\"n\">")
                    .text(Html.num(t.actual(), 3) + (t.unit().isEmpty() ? "" : " " + t.unit()))
                    .raw("</td></tr>\n");
        }
        h.raw("</tbody></table>\n").end();
    }

    static void steps(Html h, Summary s) {
        List<String> head =
                new ArrayList<>(List.of("step", "steps", "errors", "avg ms", "p50", "p90", "p95", "p99", "max"));
        Arrays.stream(Component.values()).map(Component::heading).forEach(head::add);
        head.addAll(List.of("DB calls", "rows"));
        List<List<String>> rows = new ArrayList<>();
        s.steps().forEach(st -> rows.add(row(st)));
        h.section("steps", "Dialog steps (measurement window; components are averages per step in ms)");
        h.table(head, rows, 1);
        List<List<String>> tx = new ArrayList<>();
        s.transactions().forEach(st -> tx.add(row(st)));
        tx.add(row(s.overall()));
        h.tag("h3", null, "Per transaction and overall");
        h.table(head, tx, 1);
        h.tag(
                "p",
                "hint",
                "Response time is measured by the driver from sending a step to its answer; roll-out is "
                        + "not part of it, as in SAP. nr = number-range wait.");
        h.end();
    }

    private static List<String> row(StepStats st) {
        var l = st.response();
        var c = st.avg();
        List<String> row = new ArrayList<>(List.of(
                st.label(),
                Long.toString(st.count()),
                Long.toString(st.errors()),
                Html.num(l.avgMs(), 1),
                Html.num(l.p50Ms(), 1),
                Html.num(l.p90Ms(), 1),
                Html.num(l.p95Ms(), 1),
                Html.num(l.p99Ms(), 1),
                Html.num(l.maxMs(), 1)));
        for (Component k : Component.values()) {
            row.add(Html.num(k.of(c), 2));
        }
        row.add(Html.num(st.dbCallsPerStep(), 1));
        row.add(Html.num(st.dbRowsPerStep(), 1));
        return row;
    }

    static void appTier(Html h, RunReport r) {
        var u = r.summary().update();
        var a = r.appTier();
        var rel = r.reliability();
        h.section("apptier", "Update task, app tier, number ranges");
        h.facts(List.of(
                List.of(
                        "update task",
                        Html.num(u.updates(), 0) + " V1 committed, " + u.errors() + " failed; max queue "
                                + u.maxQueueLength()),
                List.of(
                        "DB time: dialog vs update",
                        "dialog " + Html.num(r.summary().overall().avg().dbMs(), 1)
                                + " ms per step · update V1 " + Html.num(u.avgV1DbMs(), 1) + " ms, V2 "
                                + Html.num(u.avgV2DbMs(), 1)
                                + " ms per update (the certificate's D: / U:)"),
                List.of(
                        "save → update committed",
                        "avg " + Html.num(u.saveToCommitted().avgMs(), 1) + " ms · p95 "
                                + Html.num(u.saveToCommitted().p95Ms(), 1) + " ms · max "
                                + Html.num(u.saveToCommitted().maxMs(), 1) + " ms"),
                List.of(
                        "instances",
                        a.instances() + " × " + a.dialogWorkProcesses() + " dialog + " + a.updateWorkProcesses()
                                + " update work processes"),
                List.of(
                        "roll area",
                        Html.num(a.rollAreaPeak(), 0)
                                + " user contexts at most at once (each instance's peak, summed)"),
                List.of(
                        "DB round trips",
                        Html.num(a.dbRoundTrips(), 0) + " from the instances' sessions (whole run; statements "
                                + "sent together count once) · the update task's committed parts sent "
                                + Html.num(a.updateDbCalls(), 0) + " statements"),
                List.of(
                        "table buffer",
                        Html.pct(a.tableBufferHitRatio()) + " hit ratio (" + Html.num(a.tableBufferHits(), 0)
                                + " hits, " + Html.num(a.tableBufferMisses(), 0) + " misses; guideline ≥ 98 %)"),
                List.of(
                        "enqueue",
                        Html.num(a.enqueueRequests(), 0) + " requests, " + a.enqueueConflicts() + " conflicts, avg "
                                + Html.num(a.enqueueAvgMicros(), 1) + " µs"),
                List.of(
                        "reliability",
                        rel.connectionsReplaced() + " connections replaced, " + rel.retriedTransactions()
                                + " transactions retried, " + rel.recoveredUpdateRequests()
                                + " update requests recovered at start, " + rel.pendingUpdateRequestsAtEnd()
                                + " pending / "
                                + rel.failedUpdateRequestsAtEnd() + " failed at end"
                                + (rel.stoppedEarly() ? ", stopped early" : "")
                                + rel.faultCounts())));
        var nr = a.numberRanges();
        if (nr != null) {
            h.tag("h3", null, "Number ranges");
            List<List<String>> sizes = new ArrayList<>();
            nr.bufferSizes().forEach((k, v) -> sizes.add(List.of(k, v == 0 ? "0 (unbuffered)" : Html.num(v, 0))));
            h.table(List.of("object", "buffer size"), sizes, 1);
            List<List<String>> inst = new ArrayList<>();
            nr.instances()
                    .forEach(i -> inst.add(List.of(
                            "instance " + i.instance(),
                            Html.num(i.intervalFetches(), 0),
                            Html.num(i.numbersIssued(), 0),
                            Html.num(i.waitMsTotal(), 1),
                            Html.num(i.unusedNumbers(), 0))));
            inst.add(List.of(
                    "all",
                    Html.num(nr.intervalFetches(), 0),
                    Html.num(nr.numbersIssued(), 0),
                    Html.num(nr.waitMsTotal(), 1),
                    Html.num(nr.unusedNumbers(), 0)));
            h.table(
                    List.of("whole run, all objects", "interval fetches", "numbers", "wait ms", "unused at stop"),
                    inst,
                    1);
        }
        h.end();
    }

    static void database(Html h, RunReport r) {
        h.section("database", "Database during the measurement window");
        DbWindow d = r.dbWindow();
        if (d == null) {
            h.tag("p", "hint", "No DB-side figures for this run (see the warnings).")
                    .end();
            return;
        }
        double steps = r.summary().overall().count();
        h.facts(List.of(
                List.of(
                        "transactions",
                        Html.num(d.commits(), 0) + " commits (" + Html.num(d.commitsPerSecond(), 1) + "/s), "
                                + Html.num(d.rollbacks(), 0) + " rollbacks, " + d.deadlocks() + " deadlocks"),
                List.of(
                        "buffer cache",
                        Html.pct(d.bufferCacheHitRatio()) + " hit ratio · " + Html.num(d.blocksRead(), 0)
                                + " blocks read" + DbLines.readTime(d) + " · " + Html.num(d.blocksHit(), 0) + " hits"),
                List.of(
                        "WAL (cluster-wide)",
                        Html.bytes(d.walBytes())
                                + (steps > 0 ? " (" + Html.bytes(d.walBytes() / steps) + " per dialog step)" : "")
                                + (d.walRecords() == null
                                        ? ""
                                        : " · " + Html.num(d.walRecords(), 0) + " records, "
                                                + Html.num(d.walFullPageImages(), 0) + " full-page images")
                                + " · the whole server's WAL: other databases' writes in the window count too"),
                List.of(
                        "DB size",
                        Html.bytes(d.dbSizeBytes()) + " at the window's end, "
                                + (d.dbGrowthBytes() < 0
                                        ? "-" + Html.bytes(-d.dbGrowthBytes())
                                        : "+" + Html.bytes(d.dbGrowthBytes()))
                                + " during the window"),
                List.of(
                        "rows",
                        Html.num(d.tuplesInserted(), 0) + " inserted, " + Html.num(d.tuplesUpdated(), 0) + " updated, "
                                + Html.num(d.tuplesDeleted(), 0) + " deleted, " + Html.num(d.tuplesFetched(), 0)
                                + " fetched"),
                List.of("temp files", Html.bytes(d.tempBytes())),
                List.of("scope", d.scope() + "; " + Html.num(d.seconds(), 1) + " s")));
        var st = d.statements();
        h.tag("h3", null, "Top statements (pg_stat_statements)");
        if (!st.available()) {
            h.tag("p", "hint", st.status()).end();
            return;
        }
        var cmp = st.clientVsDb();
        if (cmp != null) {
            h.raw("<p class=\"gap\">")
                    .text("DB-side " + Html.num(cmp.dbMsPerCall(), 3) + " ms per call vs client-observed "
                            + Html.num(cmp.clientMsPerRoundTrip(), 3) + " ms per round trip: the gap of "
                            + Html.num(cmp.gapMs(), 3)
                            + " ms is network + driver. ")
                    .raw("<span class=\"hint\">")
                    .text(cmp.note())
                    .raw("</span></p>\n");
        }
        List<List<String>> rows = new ArrayList<>();
        st.top()
                .forEach(s -> rows.add(List.of(
                        s.query(),
                        Html.num(s.calls(), 0),
                        Html.num(s.totalMs(), 1),
                        Html.num(s.percentOfTotal(), 1),
                        Html.num(s.meanMs(), 3),
                        cmp == null ? "–" : Html.num(s.meanMs() + cmp.gapMs(), 3),
                        Html.num(s.rows(), 0),
                        Html.num(s.sharedBlocksRead(), 0))));
        h.table(
                List.of(
                        "statement",
                        "calls",
                        "total ms",
                        "% of DB time",
                        "DB mean ms",
                        "≈ client ms",
                        "rows",
                        "blocks read"),
                rows,
                1);
        h.tag(
                "p",
                "hint",
                Html.num(st.calls(), 0) + " calls, " + Html.num(st.totalExecMs(), 0) + " ms DB time in all. "
                        + "≈ client ms = DB mean + the average network/driver gap per round trip.");
        h.end();
    }

    /** Emulated hops (said plainly: they change every figure), the DB round trip and the network sysctls. */
    static void network(Html h, RunReport r, Environment env) {
        var n = r.network();
        var sysctls = env == null || env.network() == null
                ? Map.<String, String>of()
                : env.network().sysctls();
        if (n == null && sysctls.isEmpty()) {
            return;
        }
        h.section("network", "Network");
        List<List<String>> facts = new ArrayList<>();
        if (n != null) {
            if (n.emulated().isEmpty()) {
                facts.add(List.of("emulation", "none (no relay between tiers)"));
            }
            for (var e : n.emulated()) {
                facts.add(List.of(
                        "EMULATED " + e.hop(),
                        "requests delay " + Html.num(e.delayMs(), 3) + " ms, jitter "
                                + Html.num(e.jitterMs(), 3) + " ms, loss " + Html.num(e.loss() * 100, 3)
                                + " % · replies delay "
                                + Html.num(e.replyDelayMs(), 3) + " ms, jitter " + Html.num(e.replyJitterMs(), 3)
                                + " ms, loss "
                                + Html.num(e.replyLoss() * 100, 3) + " % · " + e.emulatedLosses()
                                + " emulated retransmissions ("
                                + Html.num(e.retransmitTimeoutMs(), 0) + " ms each) · relay " + e.relay() + " → "
                                + e.target()));
            }
            if (n.dbRoundTrip() != null) {
                var rt = n.dbRoundTrip();
                facts.add(List.of(
                        "DB round trip",
                        "SELECT 1 × " + rt.samples() + ": min " + Html.num(rt.minMs(), 3) + " · avg "
                                + Html.num(rt.avgMs(), 3) + " · max " + Html.num(rt.maxMs(), 3) + " ms"));
            }
        }
        sysctls.forEach((k, v) -> facts.add(List.of(k, v)));
        h.facts(facts);
        h.end();
    }

    static void host(Html h, RunReport r, Environment env) {
        h.section("host", "Host and environment");
        var u = r.host();
        if (u != null) {
            h.facts(List.of(
                    List.of(
                            "CPU in the window",
                            (u.hostBusyPercent() == null
                                            ? "host busy n/a"
                                            : "host busy " + Html.num(u.hostBusyPercent(), 1) + " %")
                                    + " of " + u.logicalCpus() + " CPUs · simulator "
                                    + Html.num(u.simulatorCpuPercent(), 1) + " % · DB server "
                                    + (u.dbServerCpuPercent() == null
                                            ? "n/a"
                                            : Html.num(u.dbServerCpuPercent(), 1) + " %")),
                    List.of("", u.note())));
        }
        if (env == null) {
            h.tag("p", "hint", "No environment.json in this run folder.").end();
            return;
        }
        var host = env.host();
        List<List<String>> facts = new ArrayList<>(List.of(
                List.of("host", host.hostname() + " · " + host.os() + " " + host.kernel() + " · " + host.arch()),
                List.of(
                        "CPU",
                        host.cpuModel()
                                + (host.cpu() == null ? "" : " (" + host.cpu().signature() + ")")
                                + " · " + host.logicalCpus() + " logical CPUs"
                                + (host.physicalCores() == null ? "" : ", " + host.physicalCores() + " cores")),
                List.of("memory", host.memoryBytes() == null ? "n/a" : Html.bytes(host.memoryBytes())),
                List.of(
                        "power",
                        "governor " + (host.governor() == null ? "n/a" : host.governor())
                                + (host.energyPerformancePreference() == null
                                        ? ""
                                        : " · EPP " + host.energyPerformancePreference())
                                + " · frequency "
                                + (host.currentFrequencyMhz() == null
                                        ? "n/a"
                                        : Html.num(host.currentFrequencyMhz(), 0) + " MHz (" + host.frequencySource()
                                                + ")")),
                List.of(
                        "JVM",
                        env.jvm().version() + " " + env.jvm().vendor() + " · max heap "
                                + Html.bytes(env.jvm().maxHeapBytes()) + " · "
                                + String.join(", ", env.jvm().garbageCollectors())),
                List.of("sdbench", env.sdbenchVersion()),
                List.of(
                        "database",
                        env.database().version() == null
                                ? env.database().description()
                                : env.database().version())));
        if (env.database().transport() != null) {
            facts.add(List.of("DB transport", env.database().transport()));
        }
        if (!host.mitigations().isEmpty()) {
            facts.add(List.of(
                    "CPU mitigations",
                    "on each system call or context switch: "
                            + KernelMitigations.onKernelEntry(host.mitigations()) + " · all: "
                            + String.join(", ", host.mitigations().keySet())));
        }
        var split = env.cpuSplit();
        if (split != null && !"none".equals(split.mode())) {
            facts.add(List.of(
                    "CPU split",
                    split.applied()
                            ? "database on CPU " + split.databaseCpus()
                                    + " (postmaster pid " + split.postmasterPid() + ", " + split.pinnedProcesses()
                                    + " processes at start) · simulator on CPU " + split.simulatorCpus()
                            : "not applied: " + split.reason()));
        }
        host.notes().forEach(n -> facts.add(List.of("note", n)));
        h.facts(facts);
        h.tag("h3", null, "DB settings that differ from the built-in defaults");
        if (!"ok".equals(env.database().settingsStatus())) {
            h.tag("p", "hint", env.database().settingsStatus());
        }
        List<List<String>> rows = new ArrayList<>();
        env.database()
                .settings()
                .forEach((k, v) -> rows.add(
                        List.of(k, v.display(), v.source(), v.defaultValue() == null ? "" : v.defaultValue())));
        h.table(List.of("setting", "value", "source", "default"), rows, 99);
        h.end();
    }
}
