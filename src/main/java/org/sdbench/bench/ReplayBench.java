package org.sdbench.bench;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.sdbench.capture.Recording;
import org.sdbench.capture.StatementCapture;
import org.sdbench.config.AppServerConfig;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;
import org.sdbench.load.Settle;
import org.sdbench.load.TransactionalReset;

/**
 * sdbench saturated against a pgbench replay of its own statements: (1) a saturated run with zero
 * configured work and think time measures sdbench's DS/h over its window; (2) the same run again,
 * from the same reset data, records every statement its pooled connections send, with parameters
 * and transactions, one file per connection; (3) after another reset, pgbench replays them with
 * one client per recorded connection, so the DBMS gets the same statements, commits and
 * connections with no simulator in between. The replay's DS/h equivalent is the recorded run's
 * dialog steps over pgbench's time. What the replay leaves out is listed in docs/performance.md.
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
            Duration warmUp) {}

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
                        + "ramp-up %d s, window %d s (recorded run: %d s); replay protocol %s; capture and scripts in %s%n",
                runner.threeTier() ? "three-tier" : "two-tier",
                o.users(),
                o.appServer().instances(),
                o.appServer().dialogWorkProcesses(),
                o.appServer().updateWorkProcesses(),
                o.rampUp().toSeconds(),
                o.window().toSeconds(),
                o.recordWindow().toSeconds(),
                o.protocol(),
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
        // The same start as sdbench's runs: the loaded documents, no dead rows of the runs before.
        Settle.before(db);
        dbWork.replayStarts();
        Pgbench.Result pg;
        try (Connection gate = db.connect()) {
            pg = Pgbench.run(o.target(), scripts, gate, GATE_KEY, o.pgbenchTimeout());
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "the replay's start gate on " + db.describe() + " failed: " + e.getMessage());
        }
        dbWork.replayEnded();
        long left = UpdateLeftovers.clear(db);
        new TransactionalReset(db).reset();
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
                left,
                leftByRun,
                left > leftByRun ? " (an update client got to a request before its save: not ordered)" : "");
        dbWork.lines().forEach(out::println);
        return print(measured, recorded, recording, scripts, pg);
    }

    private boolean print(
            BenchResult m, BenchResult rec, Recording recording, List<PgbenchScript.Chain> scripts, Pgbench.Result pg) {
        out.println();
        double sdPerHour = m.stepsPerSecond() * 3600;
        // The instances count their statements in either layout, so both layouts' figures per statement compare.
        double perStep = m.sqlStatements() == 0 ? Double.NaN : (double) m.sqlStatements() / Math.max(1, m.steps());
        out.printf(
                Locale.ROOT,
                "sdbench               %,.0f DS/h (%,.0f steps/s, response avg %.2f ms, errors %d), "
                        + "%.1f statements per step (window, as bench overhead counts them); PostgreSQL backends "
                        + "%.0f us per step, %s; %s%n",
                sdPerHour,
                m.stepsPerSecond(),
                m.summary().overall().response().avgMs(),
                m.summary().overall().errors(),
                perStep,
                micros(m.cpu().dbBackendNanos(), m.steps()),
                simulatorCpu(m),
                HostLoad.brief(m.cpu()));
        var avg = m.summary().overall().avg();
        out.printf(
                Locale.ROOT,
                "  sdbench response    wait %.2f, DB %.2f, enqueue %.2f, number range %.2f, update wait %.2f, "
                        + "CPU %.2f ms per step: the replay has no queue, locks or waits of the app tier%n",
                avg.waitMs(),
                avg.dbMs(),
                avg.enqueueMs(),
                avg.numberRangeMs(),
                avg.updateWaitMs(),
                avg.cpuMs());
        out.printf(
                Locale.ROOT,
                "recorded run          %,d dialog steps (all phases), %.1f statements (each row of a batch one) and "
                        + "%.1f round trips per step, %,d transactions = %.2f per step, %d connections%n",
                rec.runSteps(),
                (double) recording.statements() / Math.max(1, rec.runSteps()),
                (double) recording.roundTrips() / Math.max(1, rec.runSteps()),
                recording.transactions(),
                (double) recording.transactions() / Math.max(1, rec.runSteps()),
                recording.files().size());
        protocol(recording, scripts);
        out.printf(
                Locale.ROOT,
                "transport             sdbench's work processes: %s; pgbench: -h %s%n",
                db.transport().description(),
                Pgbench.hostOf(pg.command()));
        out.printf(
                Locale.ROOT,
                "pgbench command       %s (one per part of a connection, all parsed and connected before the start; %d parts)%n",
                Pgbench.describe(pg.command()),
                pg.processes());
        if (!pg.complete()) {
            out.printf(
                    Locale.ROOT,
                    "pgbench               INCOMPLETE: %d of %d parts finished; %s%n",
                    pg.finished(),
                    pg.processes(),
                    pg.failure());
            out.flush();
            return false;
        }
        double pgPerHour = rec.runSteps() * 3600 / pg.seconds();
        double others = pg.busyNanos() - pg.postgresNanos() - pg.clientNanos();
        out.printf(
                Locale.ROOT,
                "pgbench replay        %.2f s for the %,d steps = %,.0f DS/h equivalent; PostgreSQL "
                        + "backends %.0f us per step, pgbench %.0f us per step; host others %.2f cores (this JVM idle)%n",
                pg.seconds(),
                rec.runSteps(),
                pgPerHour,
                micros(pg.dbBackendNanos(), rec.runSteps()),
                micros(pg.clientNanos(), rec.runSteps()),
                Math.max(0, others) / 1e9 / pg.seconds());
        // The per-statement target (bench overhead) next to what a C client pays for the same statements
        // on this host: a round trip costs a client several times more on some hosts than on others.
        // Both over sdbench's count of statements per step, as bench overhead counts them: a batch is one
        // (the recorded run's line gives the capture's count, a batch's rows one each).
        double sdClient = micros(m.simulatorNanos(), m.steps()) / perStep;
        double sdJit = micros(m.cpu().group(ThreadGroups.JIT), m.steps()) / perStep;
        double pgClient = micros(pg.clientNanos(), rec.runSteps()) / perStep;
        out.printf(
                Locale.ROOT,
                "client CPU per stmt   sdbench %s %.1f us (JIT compiler %.1f of it%s), pgbench %.1f us (sending the "
                        + "same statements and nothing else; its processes' start included): %.2fx, at %.1f statements per step%n",
                m.threeTier() ? "processes" : "JVM",
                sdClient,
                sdJit,
                m.threeTier() ? " in the driver's JVM" : "",
                pgClient,
                sdClient / Math.max(1e-9, pgClient),
                perStep);
        // When the host is the limit (CPU-bound, shared), wall-clock DS/h follows what the other
        // processes leave; steps per CPU-second of client + database does not.
        double sdCpu = micros(m.simulatorNanos() + m.cpu().dbBackendNanos(), m.steps());
        double pgCpu = micros(pg.clientNanos() + pg.dbBackendNanos(), rec.runSteps());
        out.printf(
                Locale.ROOT,
                "CPU per step          client + PostgreSQL backends: sdbench %.0f us, replay %.0f us: "
                        + "per CPU-second sdbench does %.1f%% of the replay's steps%n",
                sdCpu,
                pgCpu,
                100 * pgCpu / sdCpu);
        Judged share = Judged.atLeast(100 * sdPerHour / pgPerHour, 100 * TARGET_SHARE, 1);
        out.printf(
                Locale.ROOT,
                "target: saturated sdbench >= %.0f%% of the pgbench replay's DS/h -> %s%%: %s%n",
                100 * TARGET_SHARE,
                share.figure(),
                share.verdict());
        out.flush();
        return share.met();
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

    /** Which protocol the replay used, and the server work in which it still differs from pgjdbc's. */
    private void protocol(Recording recording, List<PgbenchScript.Chain> scripts) {
        long prepares =
                scripts.stream().mapToLong(PgbenchScript.Chain::prepares).sum();
        long executions =
                scripts.stream().mapToLong(PgbenchScript.Chain::executions).sum();
        double unnamed = (double) recording.unnamed() / Math.max(1, recording.statements() - recording.transactions());
        if (recording.protocol() == StatementCapture.Protocol.SIMPLE) {
            out.printf(
                    Locale.ROOT,
                    "replay protocol       simple: every statement as plain SQL with its parameters inlined, "
                            + "so the server parses and plans each one, where pgjdbc ran %.0f%% of them as named prepared "
                            + "statements (no parse, cached plan): --replay-protocol prepared for like server work%n",
                    100 * (1 - unnamed));
            return;
        }
        out.printf(
                Locale.ROOT,
                "replay protocol       prepared: %,d EXECUTE sHASH('...') of %d statements, prepared with "
                        + "pgjdbc's parameter types and planned (%d EXPLAIN EXECUTEs each) in every part's session before "
                        + "the start (%,d PREPAREs), so the server skips parse and plan as for pgjdbc's named statements on "
                        + "a connection in its stride. Left different: the server parses each short EXECUTE text, and COMMIT "
                        + "and ROLLBACK as text (pgjdbc sends Bind/Execute of named statements for all three); in the "
                        + "recorded run pgjdbc sent %.1f%% of the statements unnamed (parsed and planned: a statement's "
                        + "first 4 on a new connection), which the replay prepares too%n",
                executions,
                recording.prepared().size(),
                StatementCapture.WARM_UP_PLANS,
                prepares,
                100 * unnamed);
        if (unnamed > 0.5) {
            out.println(
                    "  note                pgjdbc prepared few of these statements (prepareThreshold=0 in the URL?): "
                            + "the prepared replay does less server work than sdbench did; compare with --replay-protocol simple");
        }
    }

    /** The simulator's CPU per step: this JVM, and in three-tier every process of the run apart. */
    private static String simulatorCpu(BenchResult m) {
        if (!m.threeTier()) {
            return String.format(Locale.ROOT, "sdbench JVM %.0f us per step", m.jvmMicrosPerStep());
        }
        return String.format(
                Locale.ROOT,
                "sdbench processes %.0f us per step (app servers %.0f, central services %.0f, driver %.0f)",
                micros(m.simulatorNanos(), m.steps()),
                m.appServerMicrosPerStep(),
                m.centralMicrosPerStep(),
                m.jvmMicrosPerStep());
    }

    private static double micros(long nanos, long steps) {
        return steps <= 0 || nanos < 0 ? Double.NaN : nanos / 1e3 / steps;
    }
}
