package org.sdbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.bench.BenchRun;
import org.sdbench.bench.OverheadBench;
import org.sdbench.bench.PgbenchTarget;
import org.sdbench.bench.ReplayBench;
import org.sdbench.bench.SaturationBench;
import org.sdbench.bench.StatementCapture;
import org.sdbench.bench.UsersBench;
import org.sdbench.config.DbKind;
import org.sdbench.config.Durations;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;
import org.sdbench.db.SchemaInstaller;
import org.sdbench.process.ConfigOptions;
import org.sdbench.process.ExitCode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = {
            "Benchmarks of the simulator itself (not of the database): its CPU per dialog step, how many "
                    + "users one JVM drives on schedule, and its share of the host CPU at saturation. Exit code 1 when "
                    + "the figure misses its target.",
            "Run them against a local PostgreSQL (e.g. --db-url jdbc:postgresql://127.0.0.1:5432/sdbench_perf), "
                    + "or all three with bench/simulator.sh. Benches without SQL use their own schema "
                    + BenchCommand.NO_SQL_SCHEMA
                    + " (empty tables); benches with SQL reset the documents to the loaded "
                    + "state before every run, as 'sweep' does between levels."
        },
        subcommands = {
            BenchCommand.Overhead.class,
            BenchCommand.Users.class,
            BenchCommand.Saturation.class,
            BenchCommand.Replay.class,
            BenchWork.class,
            BenchWireCommand.class
        })
final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "a bench is required (overhead, users, saturation, replay, work, wire)");
    }

    @Command(
            name = "overhead",
            mixinStandardHelpOptions = true,
            description = "Simulator CPU per dialog step with zero configured CPU: steps without SQL (user context "
                    + "0 B and as configured) and with the SD transactions, interleaved in rounds. Targets: < 20 us per step "
                    + "without SQL; with SQL <= 15 us per SQL statement and <= 0.25x PostgreSQL's CPU per step, read "
                    + "against the CPU of an empty round trip (a prepared SELECT 1 on one thread per work process) "
                    + "measured after the rounds, and of a round trip with as much server CPU as the steps' round trips "
                    + "had, with the round trips each step made and the share of its CPU those floors explain.")
    static final class Overhead implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Option(
                names = "--think",
                paramLabel = "DURATION",
                defaultValue = "10ms",
                description = "Think time (default ${DEFAULT-VALUE}).")
        String think;

        @Option(
                names = "--window",
                paramLabel = "DURATION",
                defaultValue = "15s",
                description = "Measurement window per round (default ${DEFAULT-VALUE}).")
        String window;

        @Option(
                names = "--rounds",
                paramLabel = "N",
                defaultValue = "3",
                description = "Rounds per variant (default ${DEFAULT-VALUE}).")
        int rounds;

        @Option(names = "--no-sql", description = "Skip the variant with the SD transactions (no master data needed).")
        boolean noSql;

        @Option(
                names = "--warm-up",
                paramLabel = "DURATION",
                defaultValue = "8s",
                description = "Unmeasured run per "
                        + "variant first (three times as long with SQL), repeated while the JIT compiler still used more than "
                        + "3 %% of the JVM's CPU (at most 6 rounds), so that compiling is done before the rounds (default "
                        + "${DEFAULT-VALUE}).")
        String warmUp;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws InterruptedException {
            SdbenchConfig c = options.load(extra(options, 100, !noSql));
            PrintWriter out = spec.commandLine().getOut();
            try (Database db = Database.open(c.database(), false)) {
                prepare(db, c, !noSql, out);
                var o = new OverheadBench.Options(
                        c.run().users(),
                        Durations.parse("--think", think),
                        Durations.parse("--window", window),
                        Math.max(1, rounds),
                        !noSql,
                        c.appServer(),
                        c.workload(),
                        c.run().seed(),
                        Durations.parse("--warm-up", warmUp));
                return new OverheadBench(new BenchRun(db, databaseName(db), null), out).run(o)
                        ? ExitCode.OK
                        : ExitCode.FAILED_CHECK;
            }
        }
    }

    @Command(
            name = "users",
            mixinStandardHelpOptions = true,
            description =
                    "Many users with a long think time, steps without SQL or configured CPU: think-time lag "
                            + "and live heap. Target: lag p99 < 5 ms (250,000 users with 300 s think time in a 1 GiB heap: the issue's figure). One user count per run (heap figures need a fresh JVM).")
    static final class Users implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Option(
                names = "--think",
                paramLabel = "DURATION",
                defaultValue = "10s",
                description = "Think time (default ${DEFAULT-VALUE}).")
        String think;

        @Option(
                names = "--ramp-up",
                paramLabel = "DURATION",
                description = "Log-on spread (default: twice the think time, so steps are even).")
        String rampUp;

        @Option(
                names = "--window",
                paramLabel = "DURATION",
                defaultValue = "60s",
                description = "Measurement window (default ${DEFAULT-VALUE}).")
        String window;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws InterruptedException {
            SdbenchConfig c = options.load(extra(options, 20_000, false));
            PrintWriter out = spec.commandLine().getOut();
            var z = Durations.parse("--think", think);
            var up = rampUp != null ? Durations.parse("--ramp-up", rampUp) : z.multipliedBy(2);
            try (Database db = Database.open(c.database(), false)) {
                prepare(db, c, false, out);
                var o = new UsersBench.Options(
                        c.run().users(),
                        z,
                        up,
                        Durations.parse("--window", window),
                        c.appServer(),
                        c.workload(),
                        c.run().seed());
                return new UsersBench(new BenchRun(db, databaseName(db), out), out).run(o)
                        ? ExitCode.OK
                        : ExitCode.FAILED_CHECK;
            }
        }
    }

    @Command(
            name = "saturation",
            mixinStandardHelpOptions = true,
            description = "The SD transactions with a short think time: where the host CPU goes (this JVM, "
                    + "PostgreSQL, the rest) over the window. Exit 1 when the simulator used more CPU than PostgreSQL.")
    static final class Saturation implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Option(
                names = "--think",
                paramLabel = "DURATION",
                defaultValue = "50ms",
                description = "Think time (default ${DEFAULT-VALUE}).")
        String think;

        @Option(
                names = "--ramp-up",
                paramLabel = "DURATION",
                defaultValue = "10s",
                description = "Ramp-up (default ${DEFAULT-VALUE}).")
        String rampUp;

        @Option(
                names = "--window",
                paramLabel = "DURATION",
                defaultValue = "60s",
                description = "Measurement window (default ${DEFAULT-VALUE}).")
        String window;

        @Option(
                names = "--keep-cpu",
                description = "Keep the workload's configured work per step and update module (default: none).")
        boolean keepCpu;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws InterruptedException {
            SdbenchConfig c = options.load(extra(options, 100, true));
            PrintWriter out = spec.commandLine().getOut();
            try (Database db = Database.open(c.database(), false)) {
                prepare(db, c, true, out);
                var o = new SaturationBench.Options(
                        c.run().users(),
                        Durations.parse("--think", think),
                        Durations.parse("--ramp-up", rampUp),
                        Durations.parse("--window", window),
                        keepCpu,
                        c.appServer(),
                        c.workload(),
                        c.run().seed());
                return new SaturationBench(new BenchRun(db, databaseName(db), out), out).run(o)
                        ? ExitCode.OK
                        : ExitCode.FAILED_CHECK;
            }
        }
    }

    @Command(
            name = "replay",
            mixinStandardHelpOptions = true,
            description = {
                "sdbench saturated (think time 0, no work per step) against pgbench replaying the statements "
                        + "of the same run: a second run records what every pooled connection sends, pgbench replays it "
                        + "with one client per connection on the reset data, and its time gives a DS/h equivalent. "
                        + "Target: sdbench reaches >= 90 %% of it. PostgreSQL only; needs pgbench on the PATH.",
                "The replay sends each statement as EXECUTE of a statement prepared before the start with the "
                        + "parameter types pgjdbc declared (--replay-protocol prepared, the default): the server skips parse "
                        + "and plan as for pgjdbc's named statements and only parses the short EXECUTE text. "
                        + "--replay-protocol simple inlines the parameters as literals: the server parses and plans every "
                        + "statement.",
                "The capture and the scripts (replay-KKK-PPPP.sql: connection KKK cut into parts) stay in the work "
                        + "folder; they hold the run's data, never a password."
            })
    static final class Replay implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Option(
                names = "--ramp-up",
                paramLabel = "DURATION",
                defaultValue = "5s",
                description = "Ramp-up (default ${DEFAULT-VALUE}).")
        String rampUp;

        @Option(
                names = "--window",
                paramLabel = "DURATION",
                defaultValue = "20s",
                description = "Measurement window (default ${DEFAULT-VALUE}).")
        String window;

        @Option(
                names = "--record-window",
                paramLabel = "DURATION",
                defaultValue = "6s",
                description = "Window of the "
                        + "recorded run (default ${DEFAULT-VALUE}); its steps of every phase are replayed. The scripts hold every "
                        + "update payload (about 16 kB per step), so keep it short.")
        String recordWindow;

        @Option(
                names = "--work-dir",
                paramLabel = "DIR",
                description = "Where the capture and the script go "
                        + "(default: a new folder sdbench-replay-* in the system's temporary folder).")
        Path workDir;

        @Option(
                names = "--pgbench-timeout",
                paramLabel = "DURATION",
                defaultValue = "10m",
                description = "Bound on " + "the pgbench replay (default ${DEFAULT-VALUE}).")
        String pgbenchTimeout;

        @Option(
                names = "--replay-protocol",
                paramLabel = "simple|prepared",
                defaultValue = "prepared",
                converter = ProtocolConverter.class,
                description =
                        "How pgbench sends the recorded statements: "
                                + "prepared (PREPARE before the start, then EXECUTE with the recorded parameters: pgjdbc's server work) "
                                + "or simple (parameters inlined as literals: parse and plan of every statement); default ${DEFAULT-VALUE}.")
        StatementCapture.Protocol protocol;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws InterruptedException {
            SdbenchConfig c = options.load(extra(options, 100, true));
            if (c.database().kind() == DbKind.DB2) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "database.kind=db2: the pgbench replay needs PostgreSQL (postgresql or embedded)");
            }
            PrintWriter out = spec.commandLine().getOut();
            var up = Durations.parse("--ramp-up", rampUp);
            var w = Durations.parse("--window", window);
            var limit = Durations.parse("--pgbench-timeout", pgbenchTimeout);
            try (Database db = Database.open(c.database(), false)) {
                prepare(db, c, true, out);
                String name = databaseName(db);
                var endpoint = db.endpoint();
                // pgbench reaches the server as the work processes do: its Unix-domain socket when they use it.
                String host = db.transport().isUnix()
                        ? db.transport().unixSocket().getParent().toString()
                        : endpoint.getHostString();
                var target = new PgbenchTarget(
                        host,
                        endpoint.getPort(),
                        c.database().user(),
                        name,
                        db.schema(),
                        db.childEnvironment().get(Database.CHILD_PASSWORD_ENV));
                Path dir = workDir != null ? workDir : Files.createTempDirectory("sdbench-replay-");
                var o = new ReplayBench.Options(
                        c.run().users(),
                        up,
                        w,
                        Durations.parse("--record-window", recordWindow),
                        c.appServer(),
                        c.workload(),
                        c.run().seed(),
                        dir,
                        target,
                        limit,
                        protocol);
                return new ReplayBench(db, new BenchRun(db, name, out), out).run(o)
                        ? ExitCode.OK
                        : ExitCode.FAILED_CHECK;
            } catch (IOException e) {
                throw new EnvironmentException("cannot create the replay's work folder: " + e.getMessage());
            }
        }
    }

    /** simple|prepared, as the help spells them. */
    static final class ProtocolConverter implements CommandLine.ITypeConverter<StatementCapture.Protocol> {
        @Override
        public StatementCapture.Protocol convert(String value) {
            for (var p : StatementCapture.Protocol.values()) {
                if (p.toString().equals(value)) {
                    return p;
                }
            }
            throw new CommandLine.TypeConversionException("'" + value + "': expected simple or prepared");
        }
    }

    /** Schema of the benches that run no SQL: empty SD tables, so a loaded data set is never touched. */
    static final String NO_SQL_SCHEMA = "bench_nosql";

    /** The bench's default user count, and its own schema when it runs no SQL. */
    private static List<String> extra(ConfigOptions options, int defaultUsers, boolean sql) {
        List<String> extra = new ArrayList<>();
        if (options.users == null) {
            extra.add("run.users=" + defaultUsers);
        }
        if (!sql) {
            extra.add("database.schema=" + NO_SQL_SCHEMA);
        }
        return extra;
    }

    /**
     * Steps with SQL need the master data of every user (loaded when missing, as 'run' does);
     * steps without SQL only need the empty schema, because the update task reads VBHDR at start.
     */
    private static void prepare(Database db, SdbenchConfig c, boolean sql, PrintWriter out)
            throws InterruptedException {
        if (sql) {
            new DataSetCheck(db, c, out).ensureLoaded(true);
            return;
        }
        SchemaInstaller schema = new SchemaInstaller(db);
        try (Connection conn = db.connect()) {
            if (schema.existingTables(conn).isEmpty()) {
                out.printf("installing the empty SD schema '%s' (no master data needed without SQL)%n", db.schema());
                out.flush();
                schema.install(c.database().tablespaces(), false);
            }
        } catch (SQLException e) {
            throw new EnvironmentException("reading the schema of " + db.describe() + " failed: " + e.getMessage());
        }
        schema.requireInstalled();
    }

    /** The database's own name, which its PostgreSQL backends show in their process titles. */
    private static String databaseName(Database db) {
        try (Connection conn = db.connect();
                Statement s = conn.createStatement();
                var rs = s.executeQuery("SELECT current_database()")) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "reading the database name of " + db.describe() + " failed: " + e.getMessage());
        }
    }
}
