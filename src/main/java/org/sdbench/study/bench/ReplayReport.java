package org.sdbench.study.bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.sdbench.database.Database;
import org.sdbench.database.capture.Recording;
import org.sdbench.database.capture.StatementCapture;

/** The lines of {@code bench replay} that set a measured run beside a pgbench replay of its recorded twin. */
final class ReplayReport {
    private final Database db;
    private final PrintWriter out;

    ReplayReport(Database db, PrintWriter out) {
        this.db = db;
        this.out = out;
    }

    /** The measured run beside the replay, with the recorded run's and the replay's own figures. */
    void comparison(
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
            return;
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
        out.flush();
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
