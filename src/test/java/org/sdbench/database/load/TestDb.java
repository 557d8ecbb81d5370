package org.sdbench.database.load;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.sdbench.cli.SdbenchCommand;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.Database;
import org.sdbench.run.RunEngine;
import org.sdbench.run.RunOptions;

/**
 * The PostgreSQL of the tests, one schema per test class: the server named by $SDBENCH_TEST_DB_URL
 * (.ci/run points it at the machine's server), else a real PostgreSQL 17 started once per test JVM
 * from the embedded binaries, with its data under target/ so nothing outside the build is touched.
 */
public final class TestDb {
    private TestDb() {}

    /**
     * Started on first use by class initialisation, which is thread-safe without taking TestDb's
     * monitor: {@link #sdbench} holds that one for a whole command, and a test may look up the URL
     * from another thread meanwhile.
     */
    private static final class Embedded {
        static final String URL = startEmbedded();
    }

    public static String url() {
        String u = System.getenv("SDBENCH_TEST_DB_URL");
        return u != null && !u.isBlank() ? u : Embedded.URL;
    }

    private static String startEmbedded() {
        try {
            EmbeddedPostgres pg = EmbeddedPostgres.builder()
                    .setDataDirectory(Path.of("target", "test-pg"))
                    .setCleanDataDirectory(true)
                    .setServerConfig("max_connections", "200")
                    .setServerConfig("synchronous_commit", "on")
                    .start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    pg.close();
                } catch (IOException e) {
                    System.err.println("embedded test PostgreSQL did not stop cleanly: " + e.getMessage());
                }
            }));
            try (Connection c = pg.getPostgresDatabase().getConnection();
                    Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE sdbench_test");
            }
            return "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/sdbench_test";
        } catch (IOException | SQLException e) {
            throw new IllegalStateException(
                    "cannot start the embedded test PostgreSQL (set SDBENCH_TEST_DB_URL to use a "
                            + "running server instead)",
                    e);
        }
    }

    /** config/quick.yaml against the test server and {@code schema}, plus extra --set overrides. */
    public static SdbenchConfig config(String schema, String... sets) {
        List<String> all = new ArrayList<>(
                List.of("database.kind=postgresql", "database.url=" + url(), "database.schema=" + schema));
        all.addAll(List.of(sets));
        return new ConfigLoader(Path.of("")).load(Path.of("config/quick.yaml"), null, all);
    }

    public static Database open(SdbenchConfig config) {
        return Database.open(config.database(), true);
    }

    public static void drop(String schema) throws SQLException {
        try (Database db = open(config(schema));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    /**
     * Runs {@code workloads/sd-quick.yaml} in two-tier with {@code users} users against the data loaded in
     * {@code schema}, in this JVM (as {@code sdbench run} does, with 1 s ramp-up and ramp-down around an 8 s
     * window), and returns the SQL texts its sessions prepared.
     */
    public static Set<String> runPreparedSql(String schema, int users, String resultsDir) throws InterruptedException {
        List<String> sets = List.of(
                "database.kind=postgresql",
                "database.url=" + url(),
                "database.schema=" + schema,
                "run.users=" + users,
                "run.rampUp=1s",
                "run.duration=8s",
                "run.rampDown=1s",
                "run.resultsDir=" + resultsDir);
        SdbenchConfig c = new ConfigLoader(Path.of(""))
                .load(Path.of("config/quick.yaml"), Path.of("workloads/sd-quick.yaml"), sets);
        PreparedSqlTexts texts = new PreparedSqlTexts();
        StringWriter out = new StringWriter();
        try (Database db = Database.open(c.database(), false)) {
            db.captureStatements(texts);
            RunEngine.Outcome o = new RunEngine(RunOptions.of(10)).execute(c, db, new PrintWriter(out, true));
            if (o.exitCode() != 0) {
                throw new AssertionError("the run failed (exit " + o.exitCode() + "): " + out);
            }
        }
        return texts.texts();
    }

    /**
     * The arguments of a three-tier {@code sdbench run} on {@code schema} (the processes started
     * by the run): ramp-up 1 s, no ramp-down, intervals of 2 s.
     */
    public static String[] threeTierRun(
            String schema, int users, int durationSeconds, String thinkTime, String resultsDir) {
        return new String[] {
            "run",
            "-c",
            "config/three-tier.yaml",
            "--db-url",
            url(),
            "--set",
            "database.schema=" + schema,
            "--users",
            Integer.toString(users),
            "--ramp-up",
            "1s",
            "--duration",
            durationSeconds + "s",
            "--ramp-down",
            "0s",
            "--set",
            "workload.thinkTime=" + thinkTime,
            "--set",
            "run.resultsDir=" + resultsDir,
            "--interval",
            "2"
        };
    }

    /** Exit code, stdout and stderr of one {@code sdbench} command line. */
    public record Run(int exit, String out, String err) {
        /** The run folder its {@code results:} line names. */
        public Path folder() {
            return out.lines()
                    .filter(l -> l.startsWith("results: "))
                    .map(l -> Path.of(l.substring("results: ".length()).strip()))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no results line in:\n" + out + err));
        }
    }

    public static synchronized Run sdbench(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter o = new PrintWriter(out, true);
        PrintWriter e = new PrintWriter(err, true);
        int code = SdbenchCommand.execute(o, e, args);
        o.flush();
        e.flush();
        return new Run(code, out.toString(), err.toString());
    }

    /** Loads {@code users} users into {@code schema} afresh ({@code --recreate}); fails the test with load's output if it fails. */
    public static void load(String schema, int users) {
        Run r = sdbench(
                "load",
                "--users",
                Integer.toString(users),
                "--recreate",
                "--db-url",
                url(),
                "--set",
                "database.schema=" + schema);
        if (r.exit() != 0) {
            throw new AssertionError(
                    "load of " + users + " users into " + schema + " exited " + r.exit() + ":\n" + r.out() + r.err());
        }
    }

    /** Counts the orders runs saved: those above the loaded order history's numbers (fails before the load ends). */
    public static final String RUN_ORDERS_SQL = "SELECT count(*) FROM vbak WHERE CAST(vbeln AS BIGINT) > "
            + "(SELECT MAX(tonumber) FROM sdbench_baseline WHERE object = 'RV_BELEG' AND nrrangenr = '01')";

    /**
     * Bounded wait until a run in {@code schema} has saved at least four orders of its own (not the
     * loaded history): it is past load and ramp-up, and its users are in their loops.
     */
    public static void awaitRunOrders(String schema) throws Exception {
        try (Database d = open(config(schema));
                Connection c = d.connect();
                Statement s = c.createStatement()) {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (System.nanoTime() < deadline) {
                try (var rs = s.executeQuery(RUN_ORDERS_SQL)) {
                    if (rs.next() && rs.getLong(1) >= 4) {
                        return;
                    }
                } catch (SQLException tableNotThereYet) {
                    // The run is still loading the schema.
                }
                Thread.sleep(200);
            }
        }
        throw new AssertionError("the run never saved an order");
    }
}
