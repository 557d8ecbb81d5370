package org.sdbench.run;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.driver.RemoteTier;
import org.sdbench.env.CpuPinning;
import org.sdbench.env.HostUsage;
import org.sdbench.metrics.Latency;
import org.sdbench.metrics.Phases;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.report.RunReport;

/** The three-tier section of a run's report: both response times, CPU per tier, who ran where. */
final class ThreeTierSection {
    private ThreeTierSection() {}

    /** The section and the warnings it adds, from the tier's facts and the driver's own window figures. */
    record Built(RunReport.ThreeTier section, List<String> warnings) {}

    static Built of(RemoteFacts facts, Latency server, double driverAvgMs, HostUsage host, Phases phases) {
        int ownCores = CpuPinning.logicalCpus();
        List<RunReport.Process> processes = new ArrayList<>();
        ProcessInfo me = ProcessInfo.current("driver");
        Double driverPct = host == null ? null : host.simulatorCpuPercent();
        processes.add(new RunReport.Process("driver", me.host(), me.pid(), me.version(), driverPct));
        Double appSum = null;
        Double centralPct = null;
        for (var p : facts.processes()) {
            Double pct = cpuPercent(p.samples(), phases, p.cores() > 0 ? p.cores() : ownCores, p.dead());
            processes.add(new RunReport.Process(p.role(), p.host(), p.pid(), p.version(), pct));
            if (p.role().equals("central")) {
                centralPct = pct;
            } else if (pct != null) {
                appSum = (appSum == null ? 0 : appSum) + pct;
            }
        }
        var cpu = new RunReport.CpuPerTier(
                driverPct, appSum, centralPct, host == null ? null : host.dbServerCpuPercent());
        List<RunReport.InstanceSteps> instances = facts.instances().stream()
                .filter(i -> i.steps() > 0)
                .map(i -> new RunReport.InstanceSteps(
                        i.number(),
                        i.steps(),
                        i.dbNs() / 1e6 / i.steps(),
                        (double) i.dbCalls() / i.steps(),
                        i.serverNs() / 1e6 / i.steps()))
                .toList();
        var t = new RunReport.ThreeTier(
                server,
                driverAvgMs,
                server.count() == 0 ? 0 : driverAvgMs - server.avgMs(),
                processes,
                cpu,
                facts.lostInstances(),
                facts.relogons(),
                instances);
        List<String> warnings = new ArrayList<>();
        if (facts.centralGone()) {
            warnings.add("central services gone during the run: the app servers stopped with them; update requests "
                    + "they left in VBHDR are processed when app servers start again (next run)");
        } else if (!facts.lostInstances().isEmpty()) {
            warnings.add(
                    "app-server instances lost during the run: " + facts.lostInstances() + "; their users logged on "
                            + "again (" + facts.relogons() + " logons), their pending update requests were taken over");
        }
        return new Built(t, warnings);
    }

    /**
     * CPU of one process over the window in percent of its own host's logical CPUs, from the
     * samples nearest the window's boundaries; null without two. A process that died in the window
     * used nothing after its last sample: its CPU is spread over the whole window, not only the part
     * it lived.
     */
    static Double cpuPercent(List<RemoteTier.CpuSample> samples, Phases phases, int cores, boolean dead) {
        if (samples == null || samples.size() < 2) {
            return null;
        }
        RemoteTier.CpuSample from = nearest(samples, phases.windowStart());
        RemoteTier.CpuSample to = nearest(samples, phases.windowEnd());
        long end = dead ? Math.max(to.nanoTime(), phases.windowEnd()) : to.nanoTime();
        long dt = end - from.nanoTime();
        if (dt <= 0 || from.cpuNanos() < 0 || to.cpuNanos() < 0) {
            return null;
        }
        return (to.cpuNanos() - from.cpuNanos()) * 100.0 / dt / cores;
    }

    static RemoteTier.CpuSample nearest(List<RemoteTier.CpuSample> samples, long t) {
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
        out.printf(
                "three-tier: response at the app servers avg %.1f ms (p95 %.1f, p99 %.1f), at the driver avg %.1f ms: "
                        + "presentation/network %.2f ms per step%n",
                s.avgMs(), s.p95Ms(), s.p99Ms(), t.driverResponseAvgMs(), t.presentationNetworkAvgMs());
        var c = t.cpu();
        out.printf(
                "CPU per tier (%% of its host, window): driver %s, app servers %s, central services %s, DB %s%n",
                pct(c.driver()), pct(c.appServers()), pct(c.central()), pct(c.db()));
        for (var p : t.processes()) {
            out.printf(
                    "  %-12s %s pid %d sdbench %s CPU %s%n",
                    p.role(), p.host(), p.pid(), p.version(), pct(p.cpuPercentOfHost()));
        }
        for (var i : t.instances()) {
            out.printf(
                    "  instance %-3d %,9d steps in the window: response at the app server avg %.1f ms, DB %.2f ms in %.2f "
                            + "calls per step%n",
                    i.number(), i.steps(), i.appServerResponseAvgMs(), i.dbMsPerStep(), i.dbCallsPerStep());
        }
        if (!t.lostInstances().isEmpty()) {
            out.printf("  lost app servers %s, user logons after a loss %d%n", t.lostInstances(), t.relogons());
        }
    }

    private static String pct(Double d) {
        return d == null ? "n/a" : String.format("%.1f %%", d);
    }
}
