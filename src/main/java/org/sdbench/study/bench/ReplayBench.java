package org.sdbench.study.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.sdbench.config.AppServerConfig;
import org.sdbench.config.ConfigException;
import org.sdbench.config.DbKind;
import org.sdbench.config.Layout;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.capture.Recording;
import org.sdbench.database.capture.StatementCapture;
import org.sdbench.database.load.Settle;
import org.sdbench.database.load.TransactionalReset;
import org.sdbench.report.RunFolder;

/**
 * sdbench saturated against a pgbench replay of its own statements: (1) a saturated run with zero
 * configured work and think time measures sdbench's DS/h over its window; (2) the same run again,
 * from the same reset data, records every statement its pooled connections send, with parameters
 * and transactions, one file per connection; (3) after another reset, pgbench replays them with
 * one client per recorded connection, so the DBMS gets the same statements, commits and
 * connections with no simulator in between. The replay's DS/h equivalent is the recorded run's
 * dialog steps over pgbench's time. What the replay leaves out is listed in docs/performance.md.
 * More rounds repeat (1) and (3), of the one recording, and judge the target over them ({@link ReplayRounds}).
 *
 * <p>By default the replay sends each statement as {@code EXECUTE} of a statement it prepared
 * and planned before the start with the parameter types pgjdbc declared, so the server skips
 * parse and plan as it does for pgjdbc's named server-side statements; {@code simple} inlines the parameters
 * as literals instead, so the server parses and plans every statement.
 */
public final class ReplayBench {
    /** The target: a saturated run reaches at least this share of the replay's DS/h. */
    static final double TARGET_SHARE = 0.90;
    /** The advisory lock that starts all pgbench clients together ("sdb8" in ASCII). */
    private static final int GATE_KEY = 0x73646238;

    private static final BenchRun.Settled NOTHING = () -> {};

    /** What to run; {@code work} is where the capture and the script go (kept: the script is the evidence). */
    public record Options(
            int users,
            Duration rampUp,
            Duration window,
            Duration recordWindow,
            AppServerConfig appServer,
            WorkloadConfig workload,
            long seed,
            Path work,
            PgbenchTarget target,
            Duration pgbenchTimeout,
            StatementCapture.Protocol protocol,
            Duration warmUp,
            int rounds) {
        /** More rounds than this take hours in three-tier, where each measured run ramps up afresh. */
        public static final int MOST_ROUNDS = 20;

        public Options {
            requireRounds(rounds);
        }

        /** The command checks it before it sets anything up. */
        public static void requireRounds(int rounds) {
            ConfigException.require(
                    rounds >= 1 && rounds <= MOST_ROUNDS,
                    "--rounds",
                    rounds,
                    "a whole number from 1 to " + MOST_ROUNDS);
        }

        /**
         * Why the replay cannot run with {@code c}, checked before anything is loaded (null: it can):
         * it needs PostgreSQL, and the statements of the pools the run starts.
         */
        public static String refusal(SdbenchConfig c) {
            if (c.database().kind() == DbKind.DB2) {
                return "database.kind=db2: the pgbench replay needs PostgreSQL (postgresql or embedded)";
            }
            if (c.appServer().layout() == Layout.THREE_TIER
                    && !c.appServer().central().isEmpty()) {
                return "appServer.central=" + c.appServer().central() + ": the replay records the statements of the "
                        + "app-server processes it starts itself; leave appServer.central empty";
            }
            return null;
        }

        /** The folder given, else a new one in the system's temporary folder. */
        public static Path workDir(Path given) {
            try {
                return given != null ? given : Files.createTempDirectory("sdbench-replay-");
            } catch (IOException e) {
                throw new EnvironmentException("cannot create the replay's work folder: " + e.getMessage());
            }
        }
    }

    /**
     * The replay as {@link BenchSetup} runs it: the pgbench target read off the prepared database,
     * the work folder ({@code workDir}, else a new one) made, the users and tiers of the configuration.
     */
    public static BenchSetup.Bench bench(
            Duration rampUp,
            Duration window,
            Duration pgbenchTimeout,
            Duration recordWindow,
            Duration warmUp,
            Path workDir,
            StatementCapture.Protocol protocol,
            int rounds) {
        if (workDir != null) {
            RunFolder.requireWritable("--work-dir", workDir);
        }
        return (c, db, runner, out) -> {
            var target = PgbenchTarget.of(db, c);
            return new ReplayBench(db, runner, out)
                    .run(new Options(
                            c.run().users(),
                            rampUp,
                            window,
                            recordWindow,
                            c.appServer(),
                            c.workload(),
                            c.run().seed(),
                            Options.workDir(workDir),
                            target,
                            pgbenchTimeout,
                            protocol,
                            warmUp,
                            rounds));
        };
    }

    private final Database db;
    private final BenchRun runner;
    private final PrintWriter out;

    public ReplayBench(Database db, BenchRun runner, PrintWriter out) {
        this.db = db;
        this.runner = runner;
        this.out = out;
    }

    /** Runs the three parts and prints the comparison; true when sdbench reached the target share. */
    public boolean run(Options o) throws InterruptedException {
        RunSpec spec = RunSpec.sql(
                        "replay", o.appServer(), RunSpec.zeroCpu(o.workload(), Duration.ZERO), o.users(), o.seed())
                .phases(o.rampUp(), o.window(), Duration.ofSeconds(1));
        out.printf(
                Locale.ROOT,
                "bench replay: %s, %d users, think 0, no work per step, %d x %d dialog + %d update WPs, "
                        + "ramp-up %d s, window %d s (recorded run: %d s); replay protocol %s; %d round(s); capture and scripts in %s%n",
                runner.threeTier() ? "three-tier" : "two-tier",
                o.users(),
                o.appServer().instances(),
                o.appServer().dialogWorkProcesses(),
                o.appServer().updateWorkProcesses(),
                o.rampUp().toSeconds(),
                o.window().toSeconds(),
                o.recordWindow().toSeconds(),
                o.protocol(),
                o.rounds(),
                o.work());
        // The measured run sees the steady state, as a benchmark window of minutes would: unwarmed, C2
        // compiled in its window and took CPU from the database and from sdbench's own figures.
        out.print("warm-up               ");
        out.flush();
        RunSpec measuredRun = spec;
        if (runner.threeTier()) {
            // Each run starts its own app-server processes: warm-up runs before it would warm only this JVM.
            Duration rampUp = JitWarmUp.freshJvmRampUp(o.warmUp());
            if (rampUp.compareTo(o.rampUp()) > 0) {
                measuredRun = spec.phases(rampUp, o.window(), Duration.ofSeconds(1));
            }
            out.printf(
                    Locale.ROOT,
                    "the measured run's ramp-up of %d s: its app-server processes are new JVMs, whose JIT "
                            + "compiler works there%n",
                    measuredRun.rampUp().toSeconds());
        } else {
            BenchRun quiet = runner.quiet();
            RunSpec warmUp = spec.phases(Duration.ofSeconds(1), o.warmUp(), Duration.ZERO);
            JitWarmUp.Outcome w = JitWarmUp.run(() -> JitWarmUp.jitShare(quiet.run(warmUp)));
            out.println(w.describe(o.warmUp().toSeconds() + " s saturated"));
        }
        out.println("1/3 sdbench saturated (measured)");
        out.flush();
        BenchResult measured = runner.run(measuredRun);
        out.println("2/3 sdbench saturated again, recording its statements");
        out.flush();
        Duration recordWindow = RecordBudget.window(db, o.recordWindow(), o.rampUp(), measured, out);
        BenchResult recorded;
        // In three-tier the app-server processes record their own pools, each into a folder of the capture.
        StatementCapture capture = new StatementCapture(o.work().resolve("capture"), o.protocol());
        ReplayWork dbWork = new ReplayWork(db);
        try {
            db.captureStatements(capture);
            recorded = runner.run(spec.phases(o.rampUp(), recordWindow, Duration.ofSeconds(1)), dbWork::recordStarts);
        } finally {
            db.captureStatements(null);
            capture.close();
        }
        dbWork.recordEnded();
        // What the recorded run itself left for later: its update clients never reach these, nor do the replay's.
        long leftByRun = UpdateLeftovers.count(db);
        Recording recording = capture.recording();
        String what = String.format(
                Locale.ROOT,
                "sdbench bench replay: %d dialog steps of %d users, %d connections, "
                        + "%d round trips, %d transactions; replayed after sdbench's baseline reset",
                recorded.runSteps(),
                o.users(),
                recording.files().size(),
                recording.roundTrips(),
                recording.transactions());
        List<PgbenchScript.Chain> scripts = PgbenchScript.write(
                recording.files(),
                recording.prepared(),
                o.work(),
                GATE_KEY,
                what,
                PgbenchScript.BOUNDS,
                partsAllowed());
        out.printf(
                Locale.ROOT,
                "3/3 pgbench replay (%s) of %,d round trips on %d connections in %d parts (scripts "
                        + "%s/replay-*.sql)%n",
                o.protocol(),
                recording.roundTrips(),
                scripts.size(),
                scripts.stream().mapToInt(c -> c.scripts().size()).sum(),
                o.work());
        out.flush();
        Replayed first = replay(o, scripts, dbWork::replayStarts, dbWork::replayEnded);
        Pgbench.Result pg = first.pg();
        long orderings =
                scripts.stream().mapToLong(PgbenchScript.Chain::orderings).sum();
        long orderTrips =
                scripts.stream().mapToLong(PgbenchScript.Chain::orderTrips).sum();
        out.printf(
                Locale.ROOT,
                "replay order          each update client waited for the COMMIT that saved its request, each "
                        + "dialog step for the V1 updates of its user's requests that had committed when it began in "
                        + "the run and for the one it waited for "
                        + "(%,d order lines, %,d round trips added, %.2f per step); %d requests still in VBHDR "
                        + "at the end, %d after the recorded run%s%n",
                orderings,
                orderTrips,
                (double) orderTrips / Math.max(1, recorded.runSteps()),
                first.left(),
                leftByRun,
                first.left() > leftByRun ? " (an update client got to a request before its save: not ordered)" : "");
        dbWork.lines().forEach(out::println);
        new ReplayReport(db, out).comparison(measured, recorded, recording, scripts, pg);
        ReplayRounds rounds = new ReplayRounds(o.rounds(), recorded.runSteps(), o.seed(), out);
        boolean complete = rounds.add(measured, pg);
        for (int round = 2; complete && round <= o.rounds(); round++) {
            boolean replayFirst = rounds.replayFirst(round);
            // A later replay's table work is not compared: only the rows the run changed from what it read go back.
            Pgbench.Result again = replayFirst
                    ? replay(o, scripts, dbWork::restoreGuarded, NOTHING).pg()
                    : null;
            BenchResult m = runner.run(measuredRun);
            if (!replayFirst) {
                again = replay(o, scripts, dbWork::restoreGuarded, NOTHING).pg();
            }
            complete = rounds.add(m, again);
        }
        return complete && rounds.judged();
    }

    /** A replay's pgbench result, and the update requests it left in VBHDR (removed since). */
    private record Replayed(Pgbench.Result pg, long left) {}

    /**
     * pgbench replays the scripts from the state sdbench's runs start from, between {@code before}
     * and {@code after}; then the replay's update requests are removed and the data reset.
     */
    private Replayed replay(
            Options o, List<PgbenchScript.Chain> scripts, BenchRun.Settled before, BenchRun.Settled after)
            throws InterruptedException {
        // The same start as sdbench's runs: the loaded documents, no dead rows of the runs before.
        Settle.before(db);
        before.run();
        Pgbench.Result pg;
        try (Connection gate = db.connect()) {
            pg = Pgbench.run(o.target(), scripts, gate, GATE_KEY, o.pgbenchTimeout());
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "the replay's start gate on " + db.describe() + " failed: " + e.getMessage());
        }
        after.run();
        long left = UpdateLeftovers.clear(db);
        new TransactionalReset(db).reset();
        return new Replayed(pg, left);
    }

    /** Parts the server can connect at once: its free connections less the start gate's and one to spare. */
    private int partsAllowed() {
        try (Connection c = db.connect()) {
            return Pgbench.freeConnections(c) - 1;
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "reading the free connections of " + db.describe() + " failed: " + e.getMessage());
        }
    }
}
