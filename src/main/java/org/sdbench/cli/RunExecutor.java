package org.sdbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import org.sdbench.report.html.RunHtml;
import org.sdbench.appserver.workprocess.DbOutageException;
import org.sdbench.core.EnvironmentException;
import org.sdbench.appserver.AppServerSystem;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;
import org.sdbench.config.Layout;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.db.Database;
import org.sdbench.driver.Driver;
import org.sdbench.driver.Phases;
import org.sdbench.driver.ThinkTime;
import org.sdbench.core.Clock;
import org.sdbench.metrics.MetricsUpdateListener;
import org.sdbench.load.LoadProgress;
import org.sdbench.run.PrometheusEndpoint;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.metrics.StepObserver;
import org.sdbench.report.BufferWindow;
import org.sdbench.network.Hop;
import org.sdbench.network.NetworkEmulation;
import org.sdbench.report.IntervalRow;
import org.sdbench.report.NetworkSection;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReport;
import org.sdbench.report.RunReportAssembler;
import org.sdbench.report.TerminalSummary;
import org.sdbench.report.TimeSeries;
import org.sdbench.driver.CustomizingChanges;
import org.sdbench.report.Certificate;
import org.sdbench.report.rules.SdRules;
import org.sdbench.report.Verdict;
import org.sdbench.dbstats.WindowProbe;
import org.sdbench.env.Environment;
import org.sdbench.env.EnvironmentProbe;
import org.sdbench.report.threshold.Threshold;
import org.sdbench.report.threshold.Thresholds;
import org.sdbench.appserver.transaction.SdTransactions;

/** The body of one run, shared by 'run' and 'sweep': app tier up, phases, report, run folder. */
final class RunExecutor {
    /** One finished run: its folder, its report, and the exit code its thresholds imply. */
    record Outcome(Path folder, RunReport report, int exitCode) {
    }

    private final int intervalSeconds;
    private final PrometheusEndpoint.Binding metricsEndpoint;
    private final List<Threshold> parsed;

    RunExecutor(int intervalSeconds, PrometheusEndpoint.Binding metricsEndpoint, List<Threshold> thresholds) {
        this.intervalSeconds = intervalSeconds;
        this.metricsEndpoint = metricsEndpoint;
        this.parsed = List.copyOf(thresholds);
    }

    /** Refuses, before anything starts, a configuration this build cannot run as asked. */
    static void requireSupported(SdbenchConfig c) {
        var a = c.appServer();
        boolean loopback = a.listen().equals("localhost") || a.listen().startsWith("127.") || a.listen().equals("::1");
        if (a.layout() == Layout.THREE_TIER && a.central().isEmpty() && !loopback && a.tokenFile().isEmpty()) {
            // An app server listening on a network runs benchmark steps for whoever connects.
            throw new ConfigException("'appServer.listen' = '" + a.listen() + "' is not allowed without appServer.tokenFile: "
                    + "listen on 127.0.0.1, or give a token file readable only by its owner");
        }
    }

    /**
     * Runs all phases against a database that holds the data, writes the run folder and prints
     * the summary. Ctrl-C ends the run early; the window so far is still reported.
     */
    Outcome execute(SdbenchConfig c, Database db, PrintWriter out) throws InterruptedException {
        if (c.appServer().layout() == Layout.THREE_TIER) {
            return new ThreeTierRun(intervalSeconds, parsed, metricsEndpoint).execute(c, db, out);
        }
        try (NetworkEmulation net = new NetworkEmulation(c.network(), c.run().seed(), Clock.SYSTEM)) {
            if (c.network().appToDb().emulated()) {
                db.dialVia(net.route(Hop.APP_TO_DB, db.endpoint()));
            }
            return execute(c, db, out, net);
        } finally {
            db.dialVia(null);
        }
    }

    private Outcome execute(SdbenchConfig c, Database db, PrintWriter out, NetworkEmulation net) throws InterruptedException {
        LocalDateTime started = LocalDateTime.now();
        Environment env = EnvironmentProbe.capture(db, RunReportAssembler.version());
        // Checked before the run folder exists: a refused workload leaves nothing behind.
        org.sdbench.env.WorkFeasibility.require(c.workload(), env.calibration());
        Path folder = RunFolder.create(c, started);
        RunFolder.writeStart(folder, c, env);
        Clock clock = Clock.SYSTEM;
        RunMetrics metrics = new RunMetrics(clock);
        var a = c.appServer();
        try (AppServerSystem system = new AppServerSystem(a, c.workload(), db, new SdTransactions(),
                SdTransactions.updateModules(), new MetricsUpdateListener(metrics), clock, c.run().users(), c.run().seed())) {
            int recovered = system.start();
            if (recovered > 0) {
                out.printf("processing %d update requests left in VBHDR by an earlier run first...%n", recovered);
                out.flush();
                for (var i : system.instances()) {
                    i.updateTask().awaitIdle(java.time.Duration.ofMinutes(5));
                }
                metrics.interval(false);
            }
            Phases phases = Phases.of(clock.nanoTime() + 50_000_000L, c.run().rampUp(), c.run().duration(),
                    c.run().rampDown(), c.run().users());
            Driver driver = new Driver(system, metrics, clock, phases,
                    ThinkTime.of(c.workload().thinkTime(), c.workload().thinkTimeJitter()), c.run().seed(),
                    intervalSeconds * 1_000_000_000L, a.replyTimeout());
            // A database gone for longer than database.timeouts.maxOutage ends the run like Ctrl-C
            // does: the window so far is reported, then the command fails with exit 3.
            system.onOutage(e -> driver.requestStop());
            out.printf("sdbench run '%s': %d users on %d instance(s) x %d dialog + %d update work processes, %s, "
                            + "ramp-up %s, window %s, ramp-down %s -> %s%n", c.name(), c.run().users(), a.instances(),
                    a.dialogWorkProcesses(), a.updateWorkProcesses(), db.describe(), Durations.format(c.run().rampUp()), Durations.format(c.run().duration()),
                    Durations.format(c.run().rampDown()), folder);
            out.flush();
            CtrlC ctrlC = new CtrlC(driver, db);
            try {
                Measured m = measure(c, db, out, system, metrics, driver, phases, clock, started, recovered,
                        env.calibration());
                RunReport base = m.report().withNetwork(NetworkSection.of(net,
                        env.network() == null ? null : env.network().dbRoundTrip()));
                RunReport report = base.withCertificate(Certificate.of(base,
                        SdRules.judge(c.run().rules(), c.workload(), base, m.rows()), env));
                RunHtml.writeFolder(folder, report, m.rows(), env);
                TerminalSummary.print(report, out);
                out.println("results: " + folder.toAbsolutePath());
                out.println("report:  " + folder.resolve(RunFolder.HTML).toAbsolutePath());
                out.flush();
                DbOutageException outage = system.outage();
                if (outage != null) {
                    throw new EnvironmentException("run stopped: " + outage.getMessage() + "; the window so far is in "
                            + folder.toAbsolutePath());
                }
                // A run the rules found invalid failed its check just as a failed threshold does.
                boolean passed = Thresholds.allPassed(report.thresholds())
                        && !Verdict.INVALID.equals(report.certificate().verdict().status());
                int code = ctrlC.interrupted() ? ExitCode.INTERRUPTED : passed ? ExitCode.OK : ExitCode.FAILED_CHECK;
                return new Outcome(folder, report, code);
            } finally {
                ctrlC.done();
            }
        }
    }

    private record Measured(RunReport report, List<IntervalRow> rows) {
    }

    /**
     * Runs the phases with live progress, the window probe (DB and CPU snapshots at the window's
     * boundaries) and the optional Prometheus endpoint, then assembles the report.
     */
    private Measured measure(SdbenchConfig c, Database db, PrintWriter out, AppServerSystem system, RunMetrics metrics,
                              Driver driver, Phases phases, Clock clock, LocalDateTime started,
                              int recovered, org.sdbench.env.Calibration calibration) throws InterruptedException {
        var series = new TimeSeries(phases);
        try (var probe = new WindowProbe(db, clock, phases.windowStart(), phases.windowEnd(),
                EnvironmentProbe.isLocal(c.database()));
             var prometheus = metricsEndpoint == null ? null : PrometheusEndpoint.start(metricsEndpoint, system,
                     driver::loggedOn, () -> phases.phaseAt(clock.nanoTime()).ordinal())) {
            if (prometheus != null) {
                metrics.observe(prometheus);
                out.printf("prometheus metrics: http://%s:%d/metrics%n", prometheus.host(), prometheus.port());
            }
            probe.start();
            var buffers = BufferWindow.of(system.instances());
            long customizingChanges;
            try (var progress = new Progress(out, LoadProgress.isTerminal(), driver, system, clock);
                 var changes = CustomizingChanges.start(db, c.run().customizingChangeEvery(), line -> log(out, line))) {
                driver.run(i -> {
                    buffers.harvest(i.inWindow());
                    progress.interval(series.add(i, driver.loggedOn(), updateQueue(system)));
                });
                customizingChanges = changes == null ? 0 : changes.stopAndCount();
            }
            var window = probe.finish(RunReportAssembler.clientMsPerRoundTrip(metrics.summary()));
            boolean drained = stopAppTier(system);
            var timeline = new RunReport.Timeline(c.run().rampUp().toNanos() / 1e9, c.run().duration().toNanos() / 1e9,
                    c.run().rampDown().toNanos() / 1e9, intervalSeconds);
            RunReport report = new RunReportAssembler(c, db, system, metrics).assemble(started, drained, recovered,
                    driver.stopped(), timeline, window, calibration);
            report = report.withTableBuffer(buffers.figures(c.appServer().tableBufferEntries(), system.instances())
                    .withCustomizingChanges(customizingChanges));
            return new Measured(report.withThresholds(Thresholds.evaluate(parsed, report)), series.rows());
        } finally {
            metrics.observe(StepObserver.NONE);
        }
    }

    static void log(PrintWriter out, String line) {
        out.println("sdbench: " + line);
        out.flush();
    }

    /**
     * Stops the app tier, draining the update task unless the database is gone (then nothing
     * could drain, and every wait would only delay the report).
     */
    private static boolean stopAppTier(AppServerSystem system) throws InterruptedException {
        boolean dbGone = system.outage() != null;
        try {
            return system.stop(dbGone ? java.time.Duration.ZERO : java.time.Duration.ofSeconds(60)) && !dbGone;
        } catch (DbOutageException e) {
            return false;
        }
    }

    private static int updateQueue(AppServerSystem system) {
        return system.instances().stream().mapToInt(i -> i.updateTask().queueLength()).sum();
    }
}
