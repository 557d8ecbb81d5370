package org.sdbench.run;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.function.Consumer;
import org.sdbench.apptier.AppTier;
import org.sdbench.apptier.instance.CustomizingChanges;
import org.sdbench.config.Durations;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.load.LoadProgress;
import org.sdbench.driver.Driver;
import org.sdbench.driver.ThinkTime;
import org.sdbench.measure.dbstats.WindowProbe;
import org.sdbench.measure.environment.CpuPinning;
import org.sdbench.measure.environment.Environment;
import org.sdbench.measure.environment.EnvironmentProbe;
import org.sdbench.measure.metrics.MetricsSocket;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.measure.metrics.PrometheusEndpoint;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.measure.metrics.StepObserver;
import org.sdbench.report.BufferWindow;
import org.sdbench.report.IntervalRow;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReport;
import org.sdbench.report.RunReportAssembler;
import org.sdbench.report.TerminalSummary;
import org.sdbench.report.TimeSeries;
import org.sdbench.report.html.RunHtml;

/**
 * The one run lifecycle, for every layout: app tier up ({@link AppTiers} picks it), phases with
 * live progress, the window probe and the optional Prometheus endpoint, the bounded drain, the
 * report ({@link ReportFigures}), the run folder, the summary, the verdict and the exit code.
 *
 * <p>The end is bounded whatever the database does: steps still running get {@link #STEP_DRAIN}
 * after the scheduled end, then count as timeouts; update tasks drain until {@link #END_DRAIN}
 * after it. A run whose steps were still unanswered then (a stalled database or app server) does
 * not wait for its app tier to drain: it says so in one line and exits 3, with its folder written,
 * within a minute of its scheduled end.
 */
public final class RunEngine {
    /** How long after the scheduled end a step still running may take before it counts as a timeout. */
    static final Duration STEP_DRAIN = Duration.ofSeconds(25);
    /** Update tasks drain until this long after the scheduled end (at least a few seconds, at most a minute). */
    static final Duration END_DRAIN = Duration.ofSeconds(45);

    private static final Duration MIN_UPDATE_DRAIN = Duration.ofSeconds(5);
    private static final Duration MAX_UPDATE_DRAIN = Duration.ofSeconds(60);

    /** One finished run: its folder, its report, and its exit code. */
    public record Outcome(Path folder, RunReport report, int exitCode) {}

    private final RunOptions options;

    public RunEngine(RunOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("a run engine needs its options");
        }
        this.options = options;
    }

    public RunOptions options() {
        return options;
    }

    /**
     * Runs all phases against a database that holds the data, writes the run folder and prints
     * the summary. Ctrl-C ends the run early; the window so far is still reported.
     */
    public Outcome execute(SdbenchConfig c, Database db, PrintWriter out) throws InterruptedException {
        return execute(c, db, out, row -> {});
    }

    /**
     * {@link #execute(SdbenchConfig, Database, PrintWriter)}, with {@code onInterval} seeing every
     * interval's row on the reporter thread right after it is harvested (before the next one): what
     * acts at interval boundaries inside a run (an experiment that switches settings) acts there.
     */
    public Outcome execute(SdbenchConfig c, Database db, PrintWriter out, Consumer<IntervalRow> onInterval)
            throws InterruptedException {
        RunPreflight.check(c, options);
        LocalDateTime started = LocalDateTime.now();
        Environment env = EnvironmentProbe.capture(db, RunReportAssembler.version());
        // The metrics port is taken before the run folder exists (served once users run): a port taken
        // since the preflight refuses the run without leaving a folder.
        try (MetricsSocket metricsSocket =
                        options.metricsEndpoint() == null ? null : MetricsSocket.open(options.metricsEndpoint());
                // Before the app tier opens: the processes it starts and the backends it connects inherit their CPUs.
                CpuPinning split = CpuPinning.forRun(c.run().cpuSplit(), db, line -> log(out, line))) {
            Path folder = RunFolder.create(c, started);
            return pinned(c, db, out, folder, env.withCpuSplit(split.record()), started, metricsSocket, onInterval);
        }
    }

    private Outcome pinned(
            SdbenchConfig c,
            Database db,
            PrintWriter out,
            Path folder,
            Environment env,
            LocalDateTime started,
            MetricsSocket metricsSocket,
            Consumer<IntervalRow> onInterval)
            throws InterruptedException {
        RunFolder.writeStart(folder, c, env);
        Clock clock = Clock.SYSTEM;
        RunMetrics metrics = new RunMetrics(clock);
        AppTier tier;
        try {
            tier = AppTiers.open(new AppTier.Setup(c, db, new FolderFiles(folder), metrics, clock, out), AppLogic.sd());
        } catch (RuntimeException | InterruptedException e) {
            // Refused before it started (a peer without the token, no app server): no partial folder.
            RunFolder.discardIfBare(folder);
            throw e;
        }
        if (tier.routesDatabase()) {
            // This process now dials the database through the emulated link: the recorded round trip
            // to the database is the one the work processes see.
            env = env.withNetwork(EnvironmentProbe.network(db));
            RunFolder.writeStart(folder, c, env);
        }
        try (tier) {
            return run(c, db, out, folder, env, tier, metrics, clock, started, metricsSocket, onInterval);
        }
    }

    private Outcome run(
            SdbenchConfig c,
            Database db,
            PrintWriter out,
            Path folder,
            Environment env,
            AppTier tier,
            RunMetrics metrics,
            Clock clock,
            LocalDateTime started,
            MetricsSocket metricsSocket,
            Consumer<IntervalRow> onInterval)
            throws InterruptedException {
        if (options.startAt() != null) {
            options.startAt().await(clock, line -> log(out, line));
        }
        Drive d = drive(c, tier, metrics, clock, () -> {}, out);
        Driver driver = d.driver();
        Phases phases = d.phases();
        out.printf(
                "sdbench run '%s': %d users on %s, %s, ramp-up %s, window %s, ramp-down %s -> %s%n",
                c.name(),
                c.run().users(),
                tier.describe(),
                db.describe(),
                Durations.format(c.run().rampUp()),
                Durations.format(c.run().duration()),
                Durations.format(c.run().rampDown()),
                folder);
        out.flush();
        CtrlC ctrlC = new CtrlC(driver, db);
        try {
            var series = new TimeSeries(phases);
            BufferWindow buffers = new BufferWindow(tier::instances);
            WindowProbe.Result window;
            long customizingChanges;
            try (var probe = new WindowProbe(
                            db,
                            clock,
                            phases.windowStart(),
                            phases.windowEnd(),
                            EnvironmentProbe.isLocal(c.database()));
                    var prometheus = metricsSocket == null
                            ? null
                            : PrometheusEndpoint.start(
                                    metricsSocket,
                                    tier::instances,
                                    driver::loggedOn,
                                    () -> phases.phaseAt(clock.nanoTime()).ordinal())) {
                if (prometheus != null) {
                    metrics.observe(prometheus);
                    out.println("prometheus metrics: " + prometheus.url());
                }
                probe.start();
                try (var progress = new Progress(out, LoadProgress.isTerminal(), driver, tier::updateQueue, clock);
                        var changes = CustomizingChanges.start(
                                db, c.run().customizingChangeEvery(), line -> log(out, line))) {
                    driver.run(i -> {
                        // In three-tier the harvest pulled every app server's totals just before this callback.
                        buffers.harvest(i.inWindow());
                        IntervalRow row = series.add(i, driver.loggedOn(), tier.updateQueue());
                        progress.interval(row);
                        onInterval.accept(row);
                    });
                    customizingChanges = changes == null ? 0 : changes.stopAndCount();
                }
                window = probe.finish(RunReportAssembler.clientMsPerRoundTrip(metrics.summary()));
            } finally {
                metrics.observe(StepObserver.NONE);
            }
            boolean stalled = d.stalled();
            boolean drained = finish(d, tier, clock);
            RunReport report = ReportFigures.assemble(
                    c,
                    db,
                    env,
                    tier,
                    metrics,
                    options.thresholds(),
                    new ReportFigures.Facts(
                            started,
                            drained,
                            d.recovered(),
                            driver.stopped(),
                            phases,
                            options.intervalSeconds(),
                            window,
                            buffers,
                            customizingChanges,
                            series.rows()));
            publish(folder, report, series.rows(), env, out);
            String failure = tier.failure();
            if (failure != null) {
                throw new EnvironmentException(
                        "run stopped: " + failure + "; the window so far is in " + folder.toAbsolutePath());
            }
            if (stalled && !ctrlC.interrupted()) {
                throw new EnvironmentException(String.format(
                        "run stopped: %d dialog steps were still unanswered %d s after "
                                + "the scheduled end (a stalled database or app server); counted as timeouts, the window "
                                + "so far is in %s",
                        driver.unanswered(), d.stepBound().toSeconds(), folder.toAbsolutePath()));
            }
            RunVerdict verdict = RunVerdict.of(report, ctrlC.interrupted(), options.acceptErrors());
            if (verdict.line() != null) {
                log(out, verdict.line());
            }
            return new Outcome(folder, report, verdict.exitCode());
        } finally {
            ctrlC.done();
        }
    }

    /**
     * A bench's run through the same lifecycle, without report: {@code m}'s logic in the app tier,
     * its probe at every harvest; the run's folder (under {@code folder}) holds the configuration the
     * app-server processes of a three-tier run read, and their logs.
     */
    public Measurement.Measured measure(
            SdbenchConfig c, Database db, Path folder, Environment env, Measurement m, PrintWriter out)
            throws InterruptedException {
        RunFolder.writeStart(folder, c, env);
        Clock clock = Clock.SYSTEM;
        RunMetrics metrics = new RunMetrics(clock);
        try (AppTier tier =
                AppTiers.open(new AppTier.Setup(c, db, new FolderFiles(folder), metrics, clock, out), m.logic())) {
            Drive d = drive(c, tier, metrics, clock, m.started(), out);
            d.driver().run(m.probe().apply(new Measurement.Harvested(d.phases(), tier::instances)));
            boolean stalled = d.stalled();
            finish(d, tier, clock);
            String failure = tier.failure();
            if (failure != null || stalled) {
                throw new EnvironmentException("bench run stopped: "
                        + (failure != null
                                ? failure
                                : d.driver().unanswered() + " dialog steps were still unanswered "
                                        + d.stepBound().toSeconds() + " s after the scheduled end"));
            }
            return new Measurement.Measured(metrics.summary(), Measurement.windowCpu(tier.remote(), d.phases()));
        }
    }

    /** The driver over a run's phases, on a started tier. */
    private record Drive(Driver driver, Phases phases, Duration stepBound, int recovered) {
        /** Steps still unanswered past the drain: a stalled database or app server. */
        boolean stalled() {
            return driver.unanswered() > 0;
        }
    }

    /**
     * Starts the tier, then fixes the phases from now and sets up the driver; {@code started} runs
     * in between (after the tier's start-up work, before the users' clock).
     */
    private Drive drive(
            SdbenchConfig c, AppTier tier, RunMetrics metrics, Clock clock, Runnable started, PrintWriter out)
            throws InterruptedException {
        int recovered = tier.start(out);
        started.run();
        metrics.interval(false);
        Phases phases = Phases.of(
                clock.nanoTime() + 50_000_000L,
                c.run().rampUp(),
                c.run().duration(),
                c.run().rampDown(),
                c.run().users());
        Duration stepBound = c.appServer().replyTimeout().compareTo(STEP_DRAIN) < 0
                ? c.appServer().replyTimeout()
                : STEP_DRAIN;
        Driver driver = new Driver(
                tier.dialogs(phases),
                metrics,
                clock,
                phases,
                ThinkTime.of(c.workload().thinkTime(), c.workload().thinkTimeJitter()),
                c.run().seed(),
                options.intervalSeconds() * 1_000_000_000L,
                stepBound);
        // A database gone for longer than database.timeouts.maxOutage, or central services gone, ends
        // the run as Ctrl-C does: the window so far is reported, then the command fails with exit 3.
        tier.onFailure(driver::requestStop);
        return new Drive(driver, phases, stepBound, recovered);
    }

    /**
     * After the phases: a run whose steps stayed unanswered releases its tier at once; any other
     * drains its update tasks (bounded). True when all drained.
     */
    private static boolean finish(Drive d, AppTier tier, Clock clock) throws InterruptedException {
        if (d.stalled()) {
            tier.abandon();
            return false;
        }
        return tier.drain(updateDrain(d.phases(), clock));
    }

    /**
     * Writes the run folder and prints the summary; when the folder cannot be written the summary
     * is printed all the same (the figures are not lost with the disk), then the failure is thrown.
     */
    static void publish(Path folder, RunReport report, List<IntervalRow> rows, Environment env, PrintWriter out) {
        EnvironmentException unwritten = null;
        try {
            RunHtml.writeFolder(folder, report, rows, env);
        } catch (EnvironmentException e) {
            unwritten = e;
        }
        TerminalSummary.print(report, out);
        if (unwritten == null) {
            out.println("results: " + folder.toAbsolutePath());
            out.println("report:  " + folder.resolve(RunFolder.HTML).toAbsolutePath());
        }
        out.flush();
        if (unwritten != null) {
            throw unwritten;
        }
    }

    /** Until {@link #END_DRAIN} after the scheduled end, within a few seconds and a minute from now. */
    private static Duration updateDrain(Phases phases, Clock clock) {
        long left = phases.end() + END_DRAIN.toNanos() - clock.nanoTime();
        return Duration.ofNanos(Math.max(MIN_UPDATE_DRAIN.toNanos(), Math.min(MAX_UPDATE_DRAIN.toNanos(), left)));
    }

    static void log(PrintWriter out, String line) {
        out.println("sdbench: " + line);
        out.flush();
    }
}
