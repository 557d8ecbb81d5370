package org.sdbench.study.bench;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.sdbench.config.AppServerConfig;
import org.sdbench.core.EnvironmentException;

/**
 * {@code bench overhead}'s targets for its rounds with SQL: the per-statement figure against a fixed
 * limit and against this host's round-trip floors, which it measures first, and the simulator's CPU
 * per step against PostgreSQL's.
 */
final class SqlTargets {
    /** Enough for pgjdbc to prepare SELECT 1 server-side and C2 to compile its path (hundreds of thousands of runs). */
    static final Duration FLOOR_WARM_UP = Duration.ofSeconds(3);

    private final BenchRun runner;
    private final PrintWriter out;

    SqlTargets(BenchRun runner, PrintWriter out) {
        this.runner = runner;
        this.out = out;
    }

    /**
     * Measures this host's round-trip floors with as many threads as the tier has work processes,
     * then prints the SQL variant's figures against them: this JVM's CPU in two-tier, every sdbench
     * process's in three-tier.
     */
    boolean judge(MeasuredConfig sql, AppServerConfig appServer, Duration window) throws InterruptedException {
        String who = runner.threeTier() ? "simulator CPU (every sdbench process)" : "JVM CPU";
        int threads = workProcesses(appServer);
        RoundTripFloor.Result floor = runner.roundTripFloor(threads, FLOOR_WARM_UP, window);
        printFloor(floor);
        double dbPerTrip = sql.dbBackendMicrosPerStep() / sql.roundTripsPerStep();
        Optional<RoundTripFloor.Loaded> loaded;
        try {
            loaded = runner.roundTripFloorWithServerWork(threads, FLOOR_WARM_UP, window, floor, dbPerTrip);
            printLoadedFloor(loaded, dbPerTrip);
        } catch (EnvironmentException e) {
            // A reading beside the targets, not one of them: the figures measured so far still count.
            out.println("round-trip floor with server work: not measured (" + e.getMessage() + ")");
            loaded = Optional.empty();
        }
        return printSqlTargets(sql, floor, loaded, who);
    }

    /** One connection busy per work process at most: the floor runs as many round trips at once. */
    static int workProcesses(AppServerConfig a) {
        return a.instances() * (a.dialogWorkProcesses() + a.updateWorkProcesses());
    }

    private void printFloor(RoundTripFloor.Result f) {
        out.printf(
                Locale.ROOT,
                "round-trip floor: a prepared SELECT 1 in a loop on %d platform threads (one per work "
                        + "process, same pool settings and transport), %d s: %,.0f round trips/s, %.1f us of JVM CPU per "
                        + "round trip (PostgreSQL %.1f us): no round trip costs a JDBC client less on this host%n",
                f.threads(),
                Math.round(f.seconds()),
                f.roundTripsPerSecond(),
                f.clientMicrosPerRoundTrip(),
                f.dbMicrosPerRoundTrip());
    }

    private void printLoadedFloor(Optional<RoundTripFloor.Loaded> loaded, double dbPerTrip) {
        if (loaded.isEmpty()) {
            out.println(
                    "round-trip floor with server work: not measured (the database's CPU is not readable from here, "
                            + "or the probe showed no server work to size the query by)");
            return;
        }
        RoundTripFloor.Result f = loaded.get().result();
        out.printf(
                Locale.ROOT,
                "round-trip floor with server work: the same loop counting %,d generated rows per round "
                        + "trip, as much PostgreSQL CPU per round trip as the SD steps' (%.1f us against %.1f us): %,.0f round "
                        + "trips/s, %.1f us of JVM CPU per round trip: what the round trips of these steps cost a client "
                        + "here, before any of its own work%n",
                loaded.get().rows(),
                f.dbMicrosPerRoundTrip(),
                dbPerTrip,
                f.roundTripsPerSecond(),
                f.clientMicrosPerRoundTrip());
    }

    /** The per-statement and per-DB-CPU figures of the variant with SQL; true when both are met. */
    private boolean printSqlTargets(
            MeasuredConfig sql, RoundTripFloor.Result floor, Optional<RoundTripFloor.Loaded> loaded, String who) {
        double perStatement = Stats.median(sql.microsPerStatement());
        Judged perStatementTarget = Judged.atMost(perStatement, OverheadBench.TARGET_MICROS_PER_STATEMENT, 1);
        out.printf(
                Locale.ROOT,
                "target: %s per SQL statement <= %.0f us -> %s us (rounds %s; %.1f statements "
                        + "per dialog step, %.1f of them by the update task, COMMITs included, a batch counted once; "
                        + "%.1fx the %.1f us of an empty round trip, which the statements of one update pipeline share): "
                        + "%s%n",
                who,
                OverheadBench.TARGET_MICROS_PER_STATEMENT,
                perStatementTarget.figure(),
                Stats.list(sql.microsPerStatement(), "%.1f"),
                sql.statementsPerStep(),
                sql.updateStatementsPerStep(),
                perStatement / floor.clientMicrosPerRoundTrip(),
                floor.clientMicrosPerRoundTrip(),
                perStatementTarget.verdict());
        double roundTrips = sql.roundTripsPerStep();
        double floorPerStep = roundTrips * floor.clientMicrosPerRoundTrip();
        out.printf(
                Locale.ROOT,
                "  round trips: %.1f per dialog step (all sessions, sweeps included); at the floor's %.1f us "
                        + "each, %.1f us of the %.1f us per step is the floor, %.1f us the rest of the simulator%n",
                roundTrips,
                floor.clientMicrosPerRoundTrip(),
                floorPerStep,
                sql.medianMicrosPerStep(),
                sql.medianMicrosPerStep() - floorPerStep);
        boolean floorRatioMet = true;
        if (loaded.isPresent()) {
            double each = loaded.get().result().clientMicrosPerRoundTrip();
            double perStep = roundTrips * each;
            out.printf(
                    Locale.ROOT,
                    "  at the floor with server work, %.1f us each, %.1f us of the step is the round trips, "
                            + "%.1f us the rest of the simulator (%.1f us per statement)%n",
                    each,
                    perStep,
                    sql.medianMicrosPerStep() - perStep,
                    (sql.medianMicrosPerStep() - perStep) / sql.statementsPerStep());
            Judged floorRatio = Judged.atMost(perStatement / each, OverheadBench.TARGET_FLOOR_RATIO, 2);
            floorRatioMet = floorRatio.met();
            out.printf(
                    Locale.ROOT,
                    "target: %s per SQL statement <= %.1fx the floor with server work -> %sx (%.1f / %.1f us; "
                            + "a C client replaying the same statements: bench replay): %s%n",
                    who,
                    OverheadBench.TARGET_FLOOR_RATIO,
                    floorRatio.figure(),
                    perStatement,
                    each,
                    floorRatio.verdict());
        }
        boolean ratioMet = dbRatio(sql);
        return perStatementTarget.met() && floorRatioMet && ratioMet;
    }

    /** The simulator's CPU per step over PostgreSQL's, against its target; true when met. */
    private boolean dbRatio(MeasuredConfig sql) {
        Judged ratio = Judged.atMost(Stats.median(sql.dbRatios()), OverheadBench.TARGET_DB_RATIO, 3);
        out.printf(
                Locale.ROOT,
                "target: simulator CPU per step <= %.2fx PostgreSQL's CPU for the same step -> %.1f us / "
                        + "%.1f us = %sx (rounds %s): %s%n",
                OverheadBench.TARGET_DB_RATIO,
                sql.medianMicrosPerStep(),
                sql.dbBackendMicrosPerStep(),
                ratio.figure(),
                Stats.list(sql.dbRatios(), "%.3f"),
                ratio.verdict());
        return ratio.met();
    }
}
