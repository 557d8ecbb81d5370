package org.sdbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.sdbench.appserver.AppServerSystem;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.db.Database;
import org.sdbench.driver.Driver;
import org.sdbench.driver.Phases;
import org.sdbench.driver.ThinkTime;
import org.sdbench.metrics.Clock;
import org.sdbench.metrics.MetricsUpdateListener;
import org.sdbench.load.LoadProgress;
import org.sdbench.metrics.PrometheusEndpoint;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.metrics.StepObserver;
import org.sdbench.report.IntervalRow;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReport;
import org.sdbench.report.RunReportAssembler;
import org.sdbench.report.TerminalSummary;
import org.sdbench.report.TimeSeries;
import org.sdbench.report.db.WindowProbe;
import org.sdbench.report.env.Environment;
import org.sdbench.report.env.EnvironmentProbe;
import org.sdbench.report.threshold.Threshold;
import org.sdbench.report.threshold.Thresholds;
import org.sdbench.transaction.SdTransactions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run the SD loop: virtual users through the simulated app-server tier against the database,",
                "then print the summary and write the run folder: result.json, intervals.csv, config.yaml,",
                "environment.json and report.html. Loads the master data first when the database has none.",
                "Exit code 1 when a --threshold failed."})
final class RunCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Option(names = "--duration", paramLabel = "DURATION", description = "Measurement window (run.duration), e.g. 5m.")
    String duration;

    @Option(names = "--ramp-up", paramLabel = "DURATION", description = "Ramp-up (run.rampUp).")
    String rampUp;

    @Option(names = "--ramp-down", paramLabel = "DURATION", description = "Ramp-down (run.rampDown).")
    String rampDown;

    @Option(names = "--no-load", description = "Fail instead of loading master data when it is missing.")
    boolean noLoad;

    @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "10",
            description = "Progress and intervals.csv resolution in seconds (default ${DEFAULT-VALUE}).")
    int intervalSeconds;

    @Option(names = "--threshold", paramLabel = "EXPR",
            description = {"Pass/fail criterion on the window, repeatable: dialog.avg<1s, dialog.p95<2s, errors<0.1%,",
                    "sapsLike>500, VA01/save.p95<500ms, dialog.db<400ms, update.avg<1s. A failed one: exit code 1."})
    List<String> thresholds = new ArrayList<>();

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve Prometheus metrics at http://HOST:PORT/metrics during the run (0 = any free port).")
    Integer metricsPort;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        List<String> extra = new ArrayList<>();
        if (duration != null) {
            extra.add("run.duration=" + duration);
        }
        if (rampUp != null) {
            extra.add("run.rampUp=" + rampUp);
        }
        if (rampDown != null) {
            extra.add("run.rampDown=" + rampDown);
        }
        if (intervalSeconds < 1) {
            throw new ConfigException("'--interval' = " + intervalSeconds + " is not allowed: 1 or more seconds");
        }
        if (metricsPort != null && (metricsPort < 0 || metricsPort > 65535)) {
            throw new ConfigException("'--metrics-port' = " + metricsPort
                    + " is not allowed: a TCP port from 1 to 65535, or 0 for any free port");
        }
        List<Threshold> parsed = Thresholds.parse(thresholds);
        SdbenchConfig c = options.load(extra);
        PrintWriter out = spec.commandLine().getOut();
        try (Database db = Database.open(c.database(), true)) {
            new DataSetCheck(db, c, out).ensureLoaded(!noLoad);
            return run(c, db, out, parsed);
        }
    }

    private int run(SdbenchConfig c, Database db, PrintWriter out, List<Threshold> parsed) throws InterruptedException {
        LocalDateTime started = LocalDateTime.now();
        Path folder = RunFolder.create(c, started);
        Environment env = EnvironmentProbe.capture(db, RunReportAssembler.version());
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
                    intervalSeconds * 1_000_000_000L);
            out.printf("sdbench run '%s': %d users on %d instance(s) x %d dialog + %d update work processes, %s, "
                            + "ramp-up %s, window %s, ramp-down %s -> %s%n", c.name(), c.run().users(), a.instances(),
                    a.dialogWorkProcesses(), a.updateWorkProcesses(), db.describe(), Durations.format(c.run().rampUp()), Durations.format(c.run().duration()),
                    Durations.format(c.run().rampDown()), folder);
            out.flush();
            CountDownLatch reported = new CountDownLatch(1);
            Thread hook = new Thread(() -> {
                driver.requestStop();
                try {
                    reported.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "sdbench-ctrl-c");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                Measured m = measure(c, db, out, system, metrics, driver, phases, clock, parsed, started, recovered);
                RunReport report = m.report();
                RunFolder.write(folder, report, m.rows(), env);
                TerminalSummary.print(report, out);
                out.println("results: " + folder.toAbsolutePath());
                out.println("report:  " + folder.resolve(RunFolder.HTML).toAbsolutePath());
                out.flush();
                return Thresholds.allPassed(report.thresholds()) ? ExitCode.OK : ExitCode.FAILED_CHECK;
            } finally {
                reported.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // Already in shutdown (Ctrl-C): the hook is running and waits for the latch above.
                }
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
                              Driver driver, Phases phases, Clock clock, List<Threshold> parsed, LocalDateTime started,
                              int recovered) throws InterruptedException {
        var series = new TimeSeries(phases);
        try (var probe = new WindowProbe(db, clock, phases.windowStart(), phases.windowEnd(),
                EnvironmentProbe.isLocal(c.database()));
             var prometheus = metricsPort == null ? null : PrometheusEndpoint.start(metricsPort, system,
                     driver::loggedOn, () -> phases.phaseAt(clock.nanoTime()).ordinal())) {
            if (prometheus != null) {
                metrics.observe(prometheus);
                out.printf("prometheus metrics: http://localhost:%d/metrics%n", prometheus.port());
            }
            probe.start();
            try (var progress = new Progress(out, LoadProgress.isTerminal(), driver, system, clock)) {
                driver.run(i -> progress.interval(series.add(i, driver.loggedOn(), updateQueue(system))));
            }
            var window = probe.finish(RunReportAssembler.clientMsPerRoundTrip(metrics.summary()));
            boolean drained = system.stop(java.time.Duration.ofSeconds(60));
            var timeline = new RunReport.Timeline(c.run().rampUp().toNanos() / 1e9, c.run().duration().toNanos() / 1e9,
                    c.run().rampDown().toNanos() / 1e9, intervalSeconds);
            RunReport report = new RunReportAssembler(c, db, system, metrics).assemble(started, drained, recovered,
                    driver.stopped(), timeline, window);
            return new Measured(report.withThresholds(Thresholds.evaluate(parsed, report)), series.rows());
        } finally {
            metrics.observe(StepObserver.NONE);
        }
    }

    private static int updateQueue(AppServerSystem system) {
        return system.instances().stream().mapToInt(i -> i.updateTask().queueLength()).sum();
    }
}
