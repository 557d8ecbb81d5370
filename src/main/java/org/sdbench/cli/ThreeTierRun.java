package org.sdbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sdbench.report.html.RunHtml;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.Durations;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.db.Database;
import org.sdbench.core.EnvironmentException;
import org.sdbench.driver.Driver;
import org.sdbench.driver.CustomizingChanges;
import org.sdbench.protocol.wire.InstanceStats;
import org.sdbench.protocol.wire.Token;
import org.sdbench.driver.Phases;
import org.sdbench.driver.RemoteDialogService;
import org.sdbench.driver.RemoteTier;
import org.sdbench.driver.ThinkTime;
import org.sdbench.load.LoadProgress;
import org.sdbench.core.Clock;
import org.sdbench.run.PrometheusEndpoint;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.protocol.wire.Address;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.RoundTrips;
import org.sdbench.report.Json;
import org.sdbench.protocol.wire.WireException;
import org.sdbench.report.AtomicFiles;
import org.sdbench.report.RunFolder;
import org.sdbench.network.NetworkEmulation;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.report.NetworkSection;
import org.sdbench.report.RunReport;
import org.sdbench.report.RunReportAssembler;
import org.sdbench.report.TerminalSummary;
import org.sdbench.report.TimeSeries;
import org.sdbench.dbstats.WindowProbe;
import org.sdbench.report.Certificate;
import org.sdbench.report.rules.SdRules;
import org.sdbench.report.Verdict;
import org.sdbench.env.Environment;
import org.sdbench.env.HostUsage;
import org.sdbench.env.EnvironmentProbe;
import org.sdbench.report.threshold.Threshold;
import org.sdbench.report.threshold.Thresholds;

/**
 * A three-tier run: central services and app-server processes (started here unless
 * appServer.central names running ones), the driver's users over TCP, figures pulled from every
 * process and merged exactly, then the processes stopped, also on Ctrl-C and on failure.
 */
final class ThreeTierRun {
    /** The run's effective workload section, handed to the processes it starts. */
    static final String CHILD_WORKLOAD = "workload.yaml";
    private final int intervalSeconds;
    private final List<Threshold> thresholds;
    private final PrometheusEndpoint.Binding metricsEndpoint;

    ThreeTierRun(int intervalSeconds, List<Threshold> thresholds, PrometheusEndpoint.Binding metricsEndpoint) {
        this.intervalSeconds = intervalSeconds;
        this.thresholds = thresholds;
        this.metricsEndpoint = metricsEndpoint;
    }

    RunExecutor.Outcome execute(SdbenchConfig c, Database db, PrintWriter out) throws InterruptedException {
        LocalDateTime started = LocalDateTime.now();
        Path folder = RunFolder.create(c, started);
        Environment env = EnvironmentProbe.capture(db, RunReportAssembler.version());
        RunFolder.writeStart(folder, c, env);
        var a = c.appServer();
        Clock clock = Clock.SYSTEM;
        try (ChildProcesses children = new ChildProcesses(folder);
             NetworkEmulation net = new NetworkEmulation(c.network(), c.run().seed(), clock)) {
            Dialer.routeThrough(net.wireRouter());
            Address central = startProcesses(c, db, folder, children, out);
            try (RemoteTier tier = connect(c, central, a.central().isEmpty() ? children.token() : null)) {
                recordHops(folder, tier.probeHops(HOP_PINGS), out);
                return run(c, db, out, folder, env, tier, clock, started, net);
            } catch (WireException e) {
                throw new EnvironmentException(e.getMessage());
            }
        } finally {
            Dialer.routeThrough(null);
        }
    }

    private static final int HOP_PINGS = 50;

    /** Prints each hop's round trips and adds them to environment.json under "hops". */
    private static void recordHops(Path folder, List<RoundTrips> hops, PrintWriter out) {
        for (RoundTrips h : hops) {
            out.printf("hop %-12s -> %-12s %3d round trips%s: min %.3f ms, avg %.3f ms, max %.3f ms%n", h.from(), h.to(),
                    h.count(), h.requestBytes() == 0 ? " (SELECT 1)" : " (" + h.requestBytes() + " B / " + h.replyBytes() + " B)",
                    h.minMs(), h.avgMs(), h.maxMs());
        }
        out.flush();
        Path env = folder.resolve(RunFolder.ENVIRONMENT);
        try {
            var tree = (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(env.toFile());
            tree.set("hops", Json.MAPPER.valueToTree(hops));
            Json.MAPPER.writeValue(env.toFile(), tree);
        } catch (java.io.IOException e) {
            throw new EnvironmentException("writing the hop probes into " + env + " failed: " + e.getMessage());
        }
    }

    /** @param runToken the token of the processes this run started; null: running ones, found through their token file */
    private static RemoteTier connect(SdbenchConfig c, Address central, Token runToken) throws InterruptedException {
        var a = c.appServer();
        try {
            RemoteTier tier = new RemoteTier(central, runToken != null ? runToken : ChildProcessSupport.token(a.tokenFile()),
                    a.connectTimeout(), a.replyTimeout(), a.centralTimeout(), Clock.SYSTEM, ChildProcessSupport::log);
            tier.awaitInstances(a.instances(), Duration.ofSeconds(90), c);
            return tier;
        } catch (WireException e) {
            throw new EnvironmentException(e.getMessage());
        }
    }

    /** Starts central services and the app servers here, or returns the configured address of running ones. */
    private static Address startProcesses(SdbenchConfig c, Database db, Path folder, ChildProcesses children,
                                          PrintWriter out) throws InterruptedException {
        var a = c.appServer();
        if (!a.central().isEmpty()) {
            return Address.parseOrNull(a.central());
        }
        Path workload = folder.resolve(CHILD_WORKLOAD);
        try {
            AtomicFiles.writeString(workload, ConfigLoader.workloadYaml(c));
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + workload + ": " + e.getMessage());
        }
        List<String> common = new ArrayList<>(List.of("--config", folder.resolve(RunFolder.CONFIG).toString(),
                "--workload", workload.toString()));
        for (String o : db.childOverrides()) {
            common.add("--set");
            common.add(o);
        }
        Map<String, String> env = db.childEnvironment();
        List<String> centralArgs = new ArrayList<>(List.of("central"));
        centralArgs.addAll(common);
        centralArgs.addAll(List.of("--port", "0"));
        var central = children.start("central", centralArgs, env);
        Address address = new Address(a.listen(), central.port());
        out.printf("central services: %s (pid %d)%n", address, central.process().pid());
        for (int i = 1; i <= a.instances(); i++) {
            List<String> args = new ArrayList<>(List.of("appserver"));
            args.addAll(common);
            args.addAll(List.of("--central", address.toString(), "--instance", Integer.toString(i), "--port", "0"));
            var child = children.start("appserver-" + i, args, env);
            out.printf("app server %d: %s:%d (pid %d)%n", i, a.listen(), child.port(), child.process().pid());
        }
        out.flush();
        return address;
    }

    private RunExecutor.Outcome run(SdbenchConfig c, Database db, PrintWriter out, Path folder, Environment env,
                                    RemoteTier tier, Clock clock, LocalDateTime started, NetworkEmulation net)
            throws InterruptedException {
        var a = c.appServer();
        RunMetrics metrics = new RunMetrics(clock);
        metrics.beforeHarvest(() -> tier.pullStats(metrics));
        tier.pullStats(metrics);
        int recovered = tier.instanceStats().values().stream().mapToInt(InstanceStats::recovered).sum();
        metrics.interval(false);
        Phases phases = Phases.of(clock.nanoTime() + 50_000_000L, c.run().rampUp(), c.run().duration(),
                c.run().rampDown(), c.run().users());
        RemoteDialogService service = new RemoteDialogService(tier, metrics, c.run().users(),
                () -> phases.phaseAt(clock.nanoTime()) == Phases.Phase.MEASUREMENT);
        Driver driver = new Driver(service, metrics, clock, phases,
                ThinkTime.of(c.workload().thinkTime(), c.workload().thinkTimeJitter()), c.run().seed(),
                intervalSeconds * 1_000_000_000L, a.replyTimeout());
        tier.central().broken().thenAccept(why -> {
            if ("closed".equals(why)) {
                return;
            }
            out.println("sdbench: central services gone (" + why + "): ending the run, the window so far is reported");
            out.flush();
            driver.requestStop();
        });
        out.printf("sdbench run '%s' (three-tier): %d users on %d app-server processes x %d dialog + %d update work processes, "
                        + "%s, ramp-up %s, window %s, ramp-down %s -> %s%n", c.name(), c.run().users(), a.instances(),
                a.dialogWorkProcesses(), a.updateWorkProcesses(), db.describe(), Durations.format(c.run().rampUp()),
                Durations.format(c.run().duration()), Durations.format(c.run().rampDown()), folder);
        out.flush();
        var buffers = new org.sdbench.report.BufferWindow(() -> sum(tier, InstanceStats::tableBufferHits),
                () -> sum(tier, InstanceStats::tableBufferMisses));
        CtrlC ctrlC = new CtrlC(driver, db);
        try {
            var series = new TimeSeries(phases);
            WindowProbe.Result window;
            long customizingChanges;
            // Dialog steps feed the endpoint live here; the app servers' figures arrive with each harvest.
            try (var probe = new WindowProbe(db, clock, phases.windowStart(), phases.windowEnd(),
                    EnvironmentProbe.isLocal(c.database()));
                 var prometheus = metricsEndpoint == null ? null : PrometheusEndpoint.start(metricsEndpoint, tier.view(),
                         driver::loggedOn, () -> phases.phaseAt(clock.nanoTime()).ordinal())) {
                if (prometheus != null) {
                    metrics.observe(prometheus);
                    out.printf("prometheus metrics: http://%s:%d/metrics%n", prometheus.host(), prometheus.port());
                }
                probe.start();
                try (var progress = new Progress(out, LoadProgress.isTerminal(), driver, () -> updateQueue(tier), clock);
                     var changes = CustomizingChanges.start(db, c.run().customizingChangeEvery(),
                             line -> RunExecutor.log(out, line))) {
                    driver.run(i -> {
                        // The harvest pulled every app server's totals just before this callback.
                        buffers.harvest(i.inWindow());
                        progress.interval(series.add(i, driver.loggedOn(), updateQueue(tier)));
                    });
                    customizingChanges = changes == null ? 0 : changes.stopAndCount();
                }
                window = probe.finish(RunReportAssembler.clientMsPerRoundTrip(metrics.summary()));
            } finally {
                metrics.observe(org.sdbench.metrics.StepObserver.NONE);
            }
            boolean drained = false;
            if (!tier.central().isBroken()) {
                tier.adoptDead();
                drained = tier.drain(Duration.ofSeconds(60));
            }
            tier.pullStats(metrics);
            metrics.beforeHarvest(() -> { });
            var timeline = new RunReport.Timeline(c.run().rampUp().toNanos() / 1e9, c.run().duration().toNanos() / 1e9,
                    c.run().rampDown().toNanos() / 1e9, intervalSeconds);
            RunReportAssembler.Figures figures = figures(tier);
            RunReport report = new RunReportAssembler(c, db, figures, metrics).assemble(started, drained, recovered,
                    driver.stopped(), timeline, window, env.calibration());
            report = ThreeTierFigures.attach(report, metrics, tier, service, window, phases);
            report = report.withTableBuffer(buffers.figures(a.tableBufferEntries(),
                    sum(tier, InstanceStats::tableBufferEntries), sum(tier, InstanceStats::tableBufferEvictions),
                    sum(tier, InstanceStats::tableBufferInvalidations), sum(tier, InstanceStats::bufferSyncPolls))
                    .withCustomizingChanges(customizingChanges));
            report = withAppTierCpu(report, c, metrics, figures.updateWork(), window.host(), env);
            report = report.withNetwork(NetworkSection.threeTier(net, c.network(),
                    env.network() == null ? null : env.network().dbRoundTrip()));
            report = report.withThresholds(Thresholds.evaluate(thresholds, report));
            report = report.withCertificate(Certificate.of(report, SdRules.judge(c.run().rules(), c.workload(), report, series.rows()), env));
            RunHtml.writeFolder(folder, report, series.rows(), env);
            TerminalSummary.print(report, out);
            ThreeTierFigures.print(report.threeTier(), out);
            out.println("results: " + folder.toAbsolutePath());
            out.println("report:  " + folder.resolve(RunFolder.HTML).toAbsolutePath());
            out.flush();
            if (tier.central().isBroken()) {
                // The report of the window so far is written; the run itself did not complete.
                throw new EnvironmentException("run stopped: central services gone (" + tier.central().broken().getNow("")
                        + "); the window so far is in " + folder.toAbsolutePath());
            }
            // A run the rules found invalid failed its check just as a failed threshold does.
            boolean passed = Thresholds.allPassed(report.thresholds())
                    && !Verdict.INVALID.equals(report.certificate().verdict().status());
            int code = ctrlC.interrupted() ? ExitCode.INTERRUPTED : passed ? ExitCode.OK : ExitCode.FAILED_CHECK;
            return new RunExecutor.Outcome(folder, report, code);
        } finally {
            ctrlC.done();
        }
    }

    /**
     * The work section's app-tier CPU per step: in three-tier the simulator is every sdbench
     * process (driver, app servers, central services), not this driver alone.
     */
    private static RunReport withAppTierCpu(RunReport report, SdbenchConfig c, RunMetrics metrics,
                                            org.sdbench.report.WorkSummary.UpdateWork updateWork, HostUsage h, Environment env) {
        var t = report.threeTier() == null ? null : report.threeTier().cpu();
        if (h == null || t == null) {
            return report;
        }
        double sdbench = known(t.driver()) + known(t.appServers()) + known(t.central());
        HostUsage all = new HostUsage(h.seconds(), h.logicalCpus(), h.hostBusyPercent(), sdbench, h.dbServerCpuPercent(),
                h.note(), h.databaseBackendsCpuPercent());
        return report.withWork(org.sdbench.report.WorkSummary.of(c.workload(), metrics.summary(), updateWork, all,
                env.calibration()));
    }

    private static double known(Double percent) {
        return percent == null ? 0 : percent;
    }

    /** One figure summed over the app servers' last stats replies (a dead one's last reply counts). */
    private static long sum(RemoteTier tier, java.util.function.ToLongFunction<InstanceStats> figure) {
        return tier.instanceStats().values().stream().mapToLong(figure).sum();
    }

    private static int updateQueue(RemoteTier tier) {
        return tier.instanceStats().values().stream().mapToInt(InstanceStats::updateQueue).sum();
    }

    /** The instances' last reported totals, added up where two-tier adds up its own. */
    private static RunReportAssembler.Figures figures(RemoteTier tier) {
        List<RunReportAssembler.InstanceFigures> all = new ArrayList<>();
        long requests = 0;
        long conflicts = 0;
        long lockNs = 0;
        for (InstanceStats s : tier.instanceStats().values()) {
            all.add(new RunReportAssembler.InstanceFigures(s.number(), s.numberRangeFetches(), s.numbersIssued(),
                    s.numberRangeWaitNs(), s.unusedNumbers(), s.tableBufferHits(), s.tableBufferMisses(),
                    s.connectionsReplaced(), s.retriedTransactions(), s.failedConnectionAttempts(), s.workProcessesReplaced(),
                    new org.sdbench.report.WorkSummary.UpdateWork(s.v1Parts(), s.v1CpuNanos(), s.v2Parts(), s.v2CpuNanos())));
            // Enqueue time as each app server measured it (round trip included), not the lock table's own.
            requests += s.enqueueRequests();
            conflicts += s.enqueueConflicts();
            lockNs += s.enqueueNs();
        }
        var central = tier.centralEnqueue();
        return RunReportAssembler.Figures.of(all, new org.sdbench.protocol.enqueue.EnqueueStats(requests, conflicts, lockNs,
                central == null ? 0 : central.entries()));
    }

    static ProcessInfo self() {
        return ProcessInfo.current("driver");
    }
}
