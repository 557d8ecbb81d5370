package org.sdbench.report.html;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.report.RunReport;

/** The three-tier section: response time at the app servers and at the driver, CPU per tier, processes. */
final class ThreeTierSection {
    private ThreeTierSection() {}

    static void render(Html h, RunReport r) {
        var t = r.threeTier();
        if (t == null) {
            return;
        }
        var s = t.appServerResponse();
        var c = t.cpu();
        h.section("threetier", "Three-tier: response time per tier, CPU per tier, processes");
        h.facts(List.of(
                List.of(
                        "response at the app servers",
                        "avg " + Html.num(s.avgMs(), 1) + " ms · p95 " + Html.num(s.p95Ms(), 1) + " ms · p99 "
                                + Html.num(s.p99Ms(), 1) + " ms (dispatcher arrival to reply, SAP's criterion)"),
                List.of("response at the driver", "avg " + Html.num(t.driverResponseAvgMs(), 1) + " ms"),
                List.of(
                        "presentation / network",
                        Html.num(t.presentationNetworkAvgMs(), 2) + " ms per step (driver minus app server)"),
                List.of(
                        "CPU per tier (% of host, window)",
                        "driver " + pct(c.driver()) + " · app servers " + pct(c.appServers()) + " · central services "
                                + pct(c.central()) + " · DB " + pct(c.db())),
                List.of(
                        "lost app servers",
                        t.lostInstances().isEmpty()
                                ? "none"
                                : t.lostInstances() + ", " + t.relogons() + " logons after a loss")));
        List<List<String>> rows = new ArrayList<>();
        t.processes()
                .forEach(p -> rows.add(
                        List.of(p.role(), p.host(), Long.toString(p.pid()), p.version(), pct(p.cpuPercentOfHost()))));
        h.table(List.of("process", "host", "pid", "version", "CPU % of host"), rows, 4);
        if (t.instances() != null && !t.instances().isEmpty()) {
            List<List<String>> perInstance = new ArrayList<>();
            t.instances()
                    .forEach(i -> perInstance.add(List.of(
                            Integer.toString(i.number()),
                            Long.toString(i.steps()),
                            Html.num(i.appServerResponseAvgMs(), 1),
                            Html.num(i.dbMsPerStep(), 2),
                            Html.num(i.dbCallsPerStep(), 2))));
            h.table(
                    List.of(
                            "instance",
                            "steps in the window",
                            "response at the app server, avg ms",
                            "DB ms per step",
                            "DB calls per step"),
                    perInstance,
                    1);
        }
        h.end();
    }

    private static String pct(Double d) {
        return d == null ? "n/a" : Html.num(d, 1) + " %";
    }
}
