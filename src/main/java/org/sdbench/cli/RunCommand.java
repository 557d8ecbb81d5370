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
import org.sdbench.config.Durations;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.db.Database;
import org.sdbench.driver.Driver;
import org.sdbench.driver.Phases;
import org.sdbench.driver.ThinkTime;
import org.sdbench.metrics.Clock;
import org.sdbench.metrics.MetricsUpdateListener;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReportAssembler;
import org.sdbench.report.RunReport;
import org.sdbench.report.TerminalSummary;
import org.sdbench.transaction.SdTransactions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run the SD loop: virtual users through the simulated app-server tier against the database,",
                "then print the summary and write result.json, intervals.csv and config.yaml to a run folder.",
                "Loads the master data first when the database has none for this many users."})
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
            throw new org.sdbench.config.ConfigException("'--interval' = " + intervalSeconds + " is not allowed: 1 or more seconds");
        }
        SdbenchConfig c = options.load(extra);
        PrintWriter out = spec.commandLine().getOut();
        try (Database db = Database.open(c.database(), true)) {
            new DataSetCheck(db, c, out).ensureLoaded(!noLoad);
            return run(c, db, out);
        }
    }

    private int run(SdbenchConfig c, Database db, PrintWriter out) throws InterruptedException {
        LocalDateTime started = LocalDateTime.now();
        Path folder = RunFolder.create(c, started);
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
                var progress = new Progress(out, driver, system, clock);
                var intervals = driver.run(progress::interval);
                boolean drained = system.stop(java.time.Duration.ofSeconds(60));
                var report = new RunReportAssembler(c, db, system, metrics).assemble(started, drained, recovered,
                        driver.stopped());
                RunFolder.write(folder, c, report, intervals);
                TerminalSummary.print(report, out);
                out.println("results: " + folder.toAbsolutePath());
                out.flush();
            } finally {
                reported.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // Already in shutdown (Ctrl-C): the hook is running and waits for the latch above.
                }
            }
        }
        return ExitCode.OK;
    }
}
