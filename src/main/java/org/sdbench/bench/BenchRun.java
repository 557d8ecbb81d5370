package org.sdbench.bench;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;
import org.sdbench.appserver.AppServerSystem;
import org.sdbench.core.Clock;
import org.sdbench.db.Database;
import org.sdbench.driver.Driver;
import org.sdbench.driver.ThinkTime;
import org.sdbench.load.TransactionalReset;
import org.sdbench.metrics.Interval;
import org.sdbench.metrics.MetricsUpdateListener;
import org.sdbench.metrics.Phases;
import org.sdbench.metrics.RunMetrics;

/**
 * Runs one {@link RunSpec} the way {@code sdbench run} does (same app-server system, driver and
 * metrics), with a probe on the measurement window instead of the run report.
 */
public final class BenchRun {
    /** Progress resolution; the window's own boundaries are harvested regardless. */
    private static final long INTERVAL_NANOS = 5_000_000_000L;

    private final Database db;
    private final String databaseName;
    private final PrintWriter progress;

    /**
     * @param databaseName the DB whose postgres backends are the benchmark's
     * @param progress where per-interval lines go, or null for none
     */
    public BenchRun(Database db, String databaseName, PrintWriter progress) {
        this.db = db;
        this.databaseName = databaseName;
        this.progress = progress;
    }

    /** The same runs without per-interval lines: for unmeasured warm-up rounds. */
    public BenchRun quiet() {
        return new BenchRun(db, databaseName, null);
    }

    /** How the work processes reach the database (environment.json's database.transport). */
    public String transport() {
        return db.transport().description();
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

    public BenchResult run(RunSpec s) throws InterruptedException {
        if (!s.modules().isEmpty()) {
            // Documents pile up run after run, and some steps' SQL grows with them: every run with
            // SQL starts from the loaded table sizes, or later rounds would measure a bigger database.
            new TransactionalReset(db).reset();
        }
        Clock clock = Clock.SYSTEM;
        RunMetrics metrics = new RunMetrics(clock);
        CountingUpdateListener updates = new CountingUpdateListener(new MetricsUpdateListener(metrics));
        try (AppServerSystem system = new AppServerSystem(
                s.appServer(), s.workload(), db, s.handler(), s.modules(), updates, clock, s.users(), s.seed())) {
            system.start();
            long baseline = s.measureHeap() ? HeapProbe.usedAfterGc() : -1;
            Phases phases = Phases.of(clock.nanoTime() + 50_000_000L, s.rampUp(), s.window(), s.rampDown(), s.users());
            BenchWindow probe = new BenchWindow(
                    phases, databaseName, s.measureHeap(), progress, updates::dbCalls, db.roundTrips()::sent);
            Driver driver = new Driver(
                    system,
                    metrics,
                    clock,
                    phases,
                    ThinkTime.of(s.workload().thinkTime(), s.workload().thinkTimeJitter()),
                    s.seed(),
                    INTERVAL_NANOS,
                    s.appServer().replyTimeout());
            long runSteps = 0;
            for (Interval i : driver.run(probe)) {
                runSteps += i.steps() + i.errors();
            }
            system.stop(Duration.ofSeconds(60));
            return new BenchResult(
                    s,
                    metrics.summary(),
                    probe.cpu(),
                    baseline,
                    probe.heapAfterGc(),
                    probe.updateDbCalls(),
                    probe.roundTrips(),
                    runSteps);
        }
    }
}
