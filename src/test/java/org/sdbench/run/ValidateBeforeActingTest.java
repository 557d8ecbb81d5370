package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

/**
 * Every setting and argument is checked before the database starts, data is loaded or users are
 * added: a refused command changes nothing and says why in one line.
 */
class ValidateBeforeActingTest {
    private static final String SCHEMA = "t_validate_first";

    @TempDir
    Path tmp;

    @BeforeAll
    static void loadTwoUsers() {
        TestDb.load(SCHEMA, 2);
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    /** Users loaded, and how often the server analyzed the schema's tables. */
    private static long[] state() throws SQLException {
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT (SELECT users FROM sdbench_load),"
                        + " (SELECT SUM(analyze_count + autoanalyze_count) FROM pg_stat_user_tables"
                        + " WHERE schemaname = '" + SCHEMA + "')")) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2)};
        }
    }

    /** {@code sdbench ARGS} on the loaded schema of the test server. */
    private static TestDb.Run onSchema(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--db-url", TestDb.url(), "--set", "database.schema=" + SCHEMA));
        return TestDb.sdbench(all.toArray(String[]::new));
    }

    private static void refused(TestDb.Run r, int exit, String contains) {
        assertEquals(exit, r.exit(), r.out() + r.err());
        long lines = (r.out() + r.err()).lines().filter(l -> !l.isBlank()).count();
        assertTrue(lines <= 3, "at most 3 lines: " + r.out() + r.err());
        assertTrue(r.err().contains(contains), r.err());
    }

    @Test
    void run_unwritableResultsDir_exit2BeforeAddingUsers() throws SQLException {
        long[] before = state();
        TestDb.Run r = onSchema("run", "--users", "4", "--duration", "1s", "--set", "run.resultsDir=/proc/nope");
        refused(r, 2, "'run.resultsDir' = '/proc/nope' is not allowed: a folder sdbench can create and write into");
        long[] after = state();
        assertEquals(2, after[0], "no users added");
        assertEquals(before[1], after[1], "no ANALYZE");
    }

    @Test
    void run_unwritableResultsDir_embeddedServerNeverStarts() {
        Path data = tmp.resolve("embedded-pg17");
        TestDb.Run r = TestDb.sdbench(
                "run",
                "--set",
                "database.embeddedDir=" + data,
                "--set",
                "run.resultsDir=/proc/nope",
                "--duration",
                "1s");
        refused(r, 2, "'run.resultsDir' = '/proc/nope'");
        assertFalse(Files.exists(data), "no server started, no data directory made");
        assertFalse(Files.exists(tmp.resolve("embedded-pg17.port")), "no port picked");
    }

    @Test
    void run_metricsPortInUse_refusedBeforeTheEmbeddedServerStarts() throws Exception {
        Path data = tmp.resolve("embedded-pg17");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            TestDb.Run r = TestDb.sdbench(
                    "run",
                    "--set",
                    "database.embeddedDir=" + data,
                    "--set",
                    "run.resultsDir=" + tmp.resolve("results"),
                    "--metrics-port",
                    Integer.toString(taken.getLocalPort()));
            refused(r, 3, "'--metrics-port' = " + taken.getLocalPort());
        }
        assertFalse(Files.exists(data), "no server started");
        assertFalse(Files.exists(tmp.resolve("results")), "no results folder made");
    }

    @Test
    void sweep_unwritableResultsDir_exit2BeforeAddingUsers() throws SQLException {
        long[] before = state();
        TestDb.Run r = onSchema("sweep", "--levels", "4", "--set", "run.resultsDir=/proc/nope");
        refused(r, 2, "'run.resultsDir' = '/proc/nope'");
        assertEquals(before[0], state()[0], "no users added");
    }

    @Test
    void experiment_unwritableDir_exit2BeforeAddingUsers() throws SQLException {
        long[] before = state();
        TestDb.Run r = onSchema(
                "experiment", "--users", "4", "--variant", "base:", "--variant", "b:run.seed=2", "--dir", "/proc/nope");
        refused(r, 2, "'--dir' = '/proc/nope");
        assertEquals(before[0], state()[0], "no users added");
    }

    @Test
    void customizing_unknownTable_exit2BeforeTheEmbeddedServerStarts() {
        Path data = tmp.resolve("embedded-pg17");
        TestDb.Run r = TestDb.sdbench(
                "customizing", "set", "KNA1", "1", "name1", "x", "--set", "database.embeddedDir=" + data);
        refused(r, 2, "customizing table 'KNA1' is not allowed");
        assertFalse(Files.exists(data), "no server started");
    }

    @Test
    void bench_badDurations_exit2BeforeTheEmbeddedServerStarts() {
        Path data = tmp.resolve("embedded-pg17");
        String home = "database.embeddedDir=" + data;
        refused(TestDb.sdbench("bench", "saturation", "--window", "5x", "--set", home), 2, "'--window' = '5x'");
        refused(TestDb.sdbench("bench", "overhead", "--warm-up", "5x", "--set", home), 2, "'--warm-up' = '5x'");
        refused(
                TestDb.sdbench("bench", "replay", "--record-window", "5x", "--set", home),
                2,
                "'--record-window' = '5x'");
        assertFalse(Files.exists(data), "no server started");
    }
}
