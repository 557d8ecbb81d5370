package org.sdbench.study.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.sdbench.config.Layout;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.load.Settle;
import org.sdbench.database.load.TransactionalReset;
import org.sdbench.measure.environment.Environment;
import org.sdbench.measure.environment.EnvironmentProbe;
import org.sdbench.measure.metrics.Interval;
import org.sdbench.protocol.InstanceFigures;
import org.sdbench.protocol.Role;
import org.sdbench.report.RunReportAssembler;
import org.sdbench.run.AppLogic;
import org.sdbench.run.Measurement;
import org.sdbench.run.RunEngine;

/**
 * Runs one {@link RunSpec} through the run lifecycle of {@code sdbench run} ({@link RunEngine}:
 * the same app tier in either layout, driver and metrics), with a probe on the measurement window
 * instead of the run report. Each run's folder (its configuration, and the logs of the processes
 * of a three-tier run) goes into the bench's work folder.
 */
public final class BenchRun {
    /** Progress resolution; the window's own boundaries are harvested regardless. */
    public static final int INTERVAL_SECONDS = 5;

    private final Database db;
    private final SdbenchConfig base;
    private final String databaseName;
    private final PrintWriter progress;
    private final RunEngine engine;
    private final Path work;
    private final Environment env;
    private final AtomicInteger runs;

    /**
     * @param base the bench's configuration: database, network and layout; each run sets its own
     *     app tier, workload, users and phases
     * @param databaseName the DB whose postgres backends are the benchmark's
     * @param progress where per-interval lines go, or null for none
     * @param work where the runs' folders go
     */
    public BenchRun(
            Database db, SdbenchConfig base, String databaseName, PrintWriter progress, RunEngine engine, Path work) {
        this(db, base, databaseName, progress, engine, work, environment(db), new AtomicInteger());
    }

    private BenchRun(
            Database db,
            SdbenchConfig base,
            String databaseName,
            PrintWriter progress,
            RunEngine engine,
            Path work,
            Environment env,
            AtomicInteger runs) {
        this.db = db;
        this.base = base;
        this.databaseName = databaseName;
        this.progress = progress;
        this.engine = engine;
        this.work = work;
        this.env = env;
        this.runs = runs;
    }

    private static Environment environment(Database db) {
        return EnvironmentProbe.capture(db, RunReportAssembler.version());
    }

    /** The same runs without per-interval lines: for unmeasured warm-up rounds. */
    public BenchRun quiet() {
        return new BenchRun(db, base, databaseName, null, engine, work, env, runs);
    }

    /** True when the app tier runs as separate processes (three-tier). */
    public boolean threeTier() {
        return base.appServer().layout() == Layout.THREE_TIER;
    }

    /** How the work processes reach the database (environment.json's database.transport). */
    public String transport() {
        return db.transport().description();
    }

    /** Where the runs' folders go. */
    public Path work() {
        return work;
    }

    /** {@link RoundTripFloor}: the least CPU a round trip costs a JDBC client here, on {@code threads} threads. */
    RoundTripFloor.Result roundTripFloor(int threads, Duration warmUp, Duration window) throws InterruptedException {
        return RoundTripFloor.measure(db, databaseName, threads, warmUp, window);
    }

    /** {@link RoundTripFloor#measureWithServerWork}: the floor with a dialog step's server work per round trip. */
    Optional<RoundTripFloor.Loaded> roundTripFloorWithServerWork(
            int threads, Duration warmUp, Duration window, RoundTripFloor.Result empty, double dbMicrosPerRoundTrip)
            throws InterruptedException {
        return RoundTripFloor.measureWithServerWork(
                db, databaseName, threads, warmUp, window, empty, dbMicrosPerRoundTrip);
    }

    /** What runs between a run's reset and its start. */
    @FunctionalInterface
    public interface Settled {
        void run() throws InterruptedException;
    }

    public BenchResult run(RunSpec s) throws InterruptedException {
        return run(s, () -> {});
    }

    /** {@link #run(RunSpec)}, calling {@code settled} once the database is reset and before the run starts. */
    public BenchResult run(RunSpec s, Settled settled) throws InterruptedException {
        if (!s.modules().isEmpty()) {
            // Documents pile up run after run, and some steps' SQL grows with them: every run with
            // SQL starts from the loaded table sizes and without the dead rows of the runs before it,
            // or later rounds would measure a bigger, bloated database.
            Settle.before(db);
            settled.run();
        } else {
            // The app tier's start queues what an earlier process left in VBHDR; without modules it would fail it.
            new TransactionalReset(db).requireNoPendingUpdates("start a bench run without update modules");
        }
        RunProbe probe = new RunProbe(s);
        var measured = engine.measure(
                s.config(base), db, folder(s), env, probe.measurement(), progress != null ? progress : NOWHERE);
        return probe.result(measured);
    }

    /** One run's readings: the heap before the users, the window's CPU and counts, the steps of every phase. */
    private final class RunProbe {
        private final RunSpec spec;
        private long baseline = -1;
        private BenchWindow window;
        private long runSteps;

        RunProbe(RunSpec spec) {
            this.spec = spec;
        }

        Measurement measurement() {
            return new Measurement(
                    new AppLogic(spec.handler(), spec.modules()),
                    () -> baseline = spec.measureHeap() ? HeapProbe.usedAfterGc() : -1,
                    h -> {
                        // The instances' counters, in either layout: two-tier reads them now, three-tier as
                        // the app servers' replies to this harvest gave them, beside their CPU samples.
                        window = new BenchWindow(
                                h.phases(),
                                databaseName,
                                spec.measureHeap(),
                                progress,
                                () -> InstanceFigures.sum(
                                        h.instances().get(), i -> i.updateWork().dbCalls()),
                                () -> InstanceFigures.sum(h.instances().get(), InstanceFigures::dbRoundTrips));
                        return this::interval;
                    });
        }

        private void interval(Interval i) {
            runSteps += i.steps() + i.errors();
            window.accept(i);
        }

        BenchResult result(Measurement.Measured m) {
            return new BenchResult(
                    spec,
                    m.summary(),
                    window.cpu(),
                    baseline,
                    window.heapAfterGc(),
                    window.updateDbCalls(),
                    window.roundTrips(),
                    runSteps,
                    m.cpuNanos(Role.appServerPrefix()),
                    m.cpuNanos(Role.CENTRAL));
        }
    }

    /** The tier's own lines (processes started, hops timed) go nowhere in a quiet run. */
    private static final PrintWriter NOWHERE = new PrintWriter(Writer.nullWriter());

    private Path folder(RunSpec s) {
        Path dir = work.resolve(String.format("%03d-%s", runs.incrementAndGet(), s.label()));
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new EnvironmentException("cannot create the bench run's folder " + dir + ": " + e.getMessage());
        }
    }
}
