package org.sdbench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.driver.Phases;
import org.sdbench.driver.RemoteDialogService;
import org.sdbench.driver.RemoteTier;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.report.RunReport;
import org.sdbench.dbstats.WindowProbe;

/** The three-tier section of a run's report: both response times, CPU per tier, who ran where. */
final class ThreeTierFigures {
    private ThreeTierFigures() {
    }

    static RunReport attach(RunReport r, RunMetrics metrics, RemoteTier tier, RemoteDialogService service,
                            WindowProbe.Result window, Phases phases) {
        var server = metrics.serverResponse();
        double driverAvg = r.summary().overall().response().avgMs();
        int cpus = Runtime.getRuntime().availableProcessors();
        List<RunReport.Process> processes = new ArrayList<>();
        var host = window.host();
        ProcessInfo me = ProcessInfo.current("driver");
        processes.add(new RunReport.Process("driver", me.host(), me.pid(), me.version(),
                host == null ? null : host.simulatorCpuPercent()));
        var samples = tier.cpuSamples();
        Double appSum = null;
        for (var s : tier.instanceStats().values()) {
            Double pct = cpuPercent(samples.get(s.process().role()), phases, cpus);
            processes.add(new RunReport.Process(s.process().role(), s.process().host(), s.process().pid(),
                    s.process().version(), pct));
            if (pct != null) {
                appSum = (appSum == null ? 0 : appSum) + pct;
            }
        }
        Double centralPct = cpuPercent(samples.get("central"), phases, cpus);
        var ci = tier.centralInfo();
        if (ci != null) {
            processes.add(new RunReport.Process("central", ci.host(), ci.pid(), ci.version(), centralPct));
        }
        var cpu = new RunReport.CpuPerTier(host == null ? null : host.simulatorCpuPercent(), appSum, centralPct,
                host == null ? null : host.dbServerCpuPercent());
        var lost = tier.deadInstances().stream().sorted().toList();
        List<RunReport.InstanceSteps> instances = service.perInstance().stream().filter(i -> i.steps() > 0)
                .map(i -> new RunReport.InstanceSteps(i.number(), i.steps(), i.dbNs() / 1e6 / i.steps(),
                        (double) i.dbCalls() / i.steps(), i.serverNs() / 1e6 / i.steps())).toList();
        var t = new RunReport.ThreeTier(server, driverAvg, server.count() == 0 ? 0 : driverAvg - server.avgMs(), processes, cpu,
                lost, service.relogons(), instances);
        List<String> warnings = new ArrayList<>();
        if (tier.central().isBroken()) {
            warnings.add("central services gone during the run: the app servers stopped with them; update requests "
                    + "they left in VBHDR are processed when app servers start again (next run)");
        } else if (!lost.isEmpty()) {
            warnings.add("app-server instances lost during the run: " + lost + "; their users logged on again ("
                    + service.relogons() + " logons), their pending update requests were taken over");
        }
        return r.withThreeTier(t, warnings);
    }

    /** CPU of one process over the window, from the samples nearest its boundaries; null without two. */
    static Double cpuPercent(List<RemoteTier.CpuSample> samples, Phases phases, int cpus) {
        if (samples == null || samples.size() < 2) {
            return null;
        }
        RemoteTier.CpuSample from = nearest(samples, phases.windowStart());
        RemoteTier.CpuSample to = nearest(samples, phases.windowEnd());
        long dt = to.nanoTime() - from.nanoTime();
        if (dt <= 0 || from.cpuNanos() < 0 || to.cpuNanos() < 0) {
            return null;
        }
        return (to.cpuNanos() - from.cpuNanos()) * 100.0 / dt / cpus;
    }

    private static RemoteTier.CpuSample nearest(List<RemoteTier.CpuSample> samples, long t) {
        RemoteTier.CpuSample best = samples.get(0);
        for (var s : samples) {
            if (Math.abs(s.nanoTime() - t) < Math.abs(best.nanoTime() - t)) {
                best = s;
            }
        }
        return best;
    }

    static void print(RunReport.ThreeTier t, PrintWriter out) {
        if (t == null) {
            return;
        }
        var s = t.appServerResponse();
        out.printf("three-tier: response at the app servers avg %.1f ms (p95 %.1f, p99 %.1f), at the driver avg %.1f ms: "
                + "presentation/network %.2f ms per step%n", s.avgMs(), s.p95Ms(), s.p99Ms(), t.driverResponseAvgMs(),
                t.presentationNetworkAvgMs());
        var c = t.cpu();
        out.printf("CPU per tier (%% of host, window): driver %s, app servers %s, central services %s, DB %s%n",
                pct(c.driver()), pct(c.appServers()), pct(c.central()), pct(c.db()));
        for (var p : t.processes()) {
            out.printf("  %-12s %s pid %d sdbench %s CPU %s%n", p.role(), p.host(), p.pid(), p.version(), pct(p.cpuPercentOfHost()));
        }
        for (var i : t.instances()) {
            out.printf("  instance %-3d %,9d steps in the window: response at the app server avg %.1f ms, DB %.2f ms in %.2f "
                    + "calls per step%n", i.number(), i.steps(), i.appServerResponseAvgMs(), i.dbMsPerStep(), i.dbCallsPerStep());
        }
        if (!t.lostInstances().isEmpty()) {
            out.printf("  lost app servers %s, user logons after a loss %d%n", t.lostInstances(), t.relogons());
        }
    }

    private static String pct(Double d) {
        return d == null ? "n/a" : String.format("%.1f %%", d);
    }
}
