package org.sdbench.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sdbench.apptier.RemoteFacts;
import org.sdbench.measure.environment.CpuPinning;
import org.sdbench.measure.environment.HostUsage;
import org.sdbench.measure.metrics.Latency;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.wire.ProcessInfo;

/**
 * The three-tier section of a run's report: both response times, CPU per tier, who ran where. Built
 * here from the tier's facts, and worded here for the terminal summary and the HTML report alike.
 */
public final class ThreeTierSection {
    private ThreeTierSection() {}

    /** The section and the warnings it adds, from the tier's facts and the driver's own window figures. */
    public record Built(RunReport.ThreeTier section, List<String> warnings) {}

    public static Built of(RemoteFacts facts, Latency server, double driverAvgMs, HostUsage host, Phases phases) {
        int ownCores = CpuPinning.logicalCpus();
        List<RunReport.Process> processes = new ArrayList<>();
        ProcessInfo me = ProcessInfo.current(Role.DRIVER);
        Double driverPct = host == null ? null : host.simulatorCpuPercent();
        processes.add(new RunReport.Process(Role.DRIVER, me.host(), me.pid(), me.version(), driverPct));
        Double appSum = null;
        Double centralPct = null;
        for (var p : facts.processes()) {
            Double pct = cpuPercent(p.samples(), phases, p.cores() > 0 ? p.cores() : ownCores, p.dead());
            processes.add(new RunReport.Process(p.role(), p.host(), p.pid(), p.version(), pct));
            if (p.role().equals(Role.CENTRAL)) {
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
        } else if (facts.everyInstanceLost()) {
            warnings.add("every app-server instance was lost during the run: " + facts.lostInstances()
                    + "; no instance survived to take over their users or their pending update requests, which stay "
                    + "in VBHDR and are processed first by the next run");
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
    static Double cpuPercent(List<RemoteFacts.CpuSample> samples, Phases phases, int cores, boolean dead) {
        if (samples == null || samples.size() < 2) {
            return null;
        }
        RemoteFacts.CpuSample from = RemoteFacts.CpuSample.nearest(samples, phases.windowStart());
        RemoteFacts.CpuSample to = RemoteFacts.CpuSample.nearest(samples, phases.windowEnd());
        long end = dead ? Math.max(to.nanoTime(), phases.windowEnd()) : to.nanoTime();
        long dt = end - from.nanoTime();
        if (dt <= 0 || from.cpuNanos() < 0 || to.cpuNanos() < 0) {
            return null;
        }
        return (to.cpuNanos() - from.cpuNanos()) * 100.0 / dt / cores;
    }

    /** The section's facts, label and value, as both the terminal and the HTML report show them. */
    public static List<List<String>> facts(RunReport.ThreeTier t) {
        var s = t.appServerResponse();
        var c = t.cpu();
        return List.of(
                List.of(
                        "response at the app servers",
                        String.format(
                                Locale.ROOT,
                                "avg %.1f ms, p95 %.1f ms, p99 %.1f ms (dispatcher arrival to reply, SAP's criterion)",
                                s.avgMs(),
                                s.p95Ms(),
                                s.p99Ms())),
                List.of("response at the driver", String.format(Locale.ROOT, "avg %.1f ms", t.driverResponseAvgMs())),
                List.of(
                        "presentation / network",
                        String.format(
                                Locale.ROOT,
                                "%.2f ms per step (driver minus app server)",
                                t.presentationNetworkAvgMs())),
                List.of(
                        "CPU per tier (% of host, window)",
                        "driver " + pct(c.driver()) + ", app servers " + pct(c.appServers()) + ", central services "
                                + pct(c.central()) + ", DB " + pct(c.db())),
                List.of(
                        "lost app servers",
                        t.lostInstances().isEmpty()
                                ? "none"
                                : t.lostInstances() + ", " + t.relogons() + " user logons after a loss"));
    }

    public static final List<String> PROCESS_COLUMNS = List.of("process", "host", "pid", "version", "CPU % of host");

    public static List<List<String>> processes(RunReport.ThreeTier t) {
        return t.processes().stream()
                .map(p -> List.of(p.role(), p.host(), Long.toString(p.pid()), p.version(), pct(p.cpuPercentOfHost())))
                .toList();
    }

    public static final List<String> INSTANCE_COLUMNS = List.of(
            "instance",
            "steps in the window",
            "response at the app server, avg ms",
            "DB ms per step",
            "DB calls per step");

    public static List<List<String>> instances(RunReport.ThreeTier t) {
        if (t.instances() == null) {
            return List.of();
        }
        return t.instances().stream()
                .map(i -> List.of(
                        Integer.toString(i.number()),
                        String.format(Locale.ROOT, "%,d", i.steps()),
                        String.format(Locale.ROOT, "%.1f", i.appServerResponseAvgMs()),
                        String.format(Locale.ROOT, "%.2f", i.dbMsPerStep()),
                        String.format(Locale.ROOT, "%.2f", i.dbCallsPerStep())))
                .toList();
    }

    /** The section on the terminal: its facts, then one line per process and per instance. */
    static void print(RunReport.ThreeTier t, PrintWriter out) {
        if (t == null) {
            return;
        }
        String lead = "three-tier: ";
        for (List<String> f : facts(t)) {
            out.println(lead + f.get(0) + " " + f.get(1));
            lead = "  ";
        }
        for (List<String> p : processes(t)) {
            out.printf("  %-12s %s pid %s sdbench %s CPU %s%n", p.toArray());
        }
        for (List<String> i : instances(t)) {
            out.printf(
                    "  instance %-3s %9s steps in the window: response at the app server avg %s ms, DB %s ms in %s "
                            + "calls per step%n",
                    i.toArray());
        }
    }

    private static String pct(Double d) {
        return d == null ? "n/a" : String.format(Locale.ROOT, "%.1f %%", d);
    }
}
