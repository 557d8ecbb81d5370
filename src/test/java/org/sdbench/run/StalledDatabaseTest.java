package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.cli.Args;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

/**
 * Fault injection with the default settings: every PostgreSQL backend of the run is stopped
 * (SIGSTOP) mid-window, as in the report. The run must end by itself within its scheduled
 * length and the documented drain (60 s), count the steps still stuck as timeouts, name the stall
 * in one line, write its folder and exit 3. The backends are always continued afterwards.
 */
class StalledDatabaseTest {
    private static final String SCHEMA = "it_db_sigstop";
    private static final int DURATION_SECONDS = 20;

    /** A schema an earlier, interrupted test JVM left behind would count its orders as this run's. */
    @BeforeAll
    static void dropLeftovers() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_backendsStoppedMidWindow_endsWithinDrainExit3WithFolderAndTimeouts() throws Exception {
        Path results = Path.of("target", "test-results", SCHEMA);
        TestDb.Run load = TestDb.sdbench(Args.load().db(SCHEMA).users(4).build());
        assertEquals(0, load.exit(), load.err() + load.out());
        long start = System.nanoTime();
        var run = CompletableFuture.supplyAsync(() -> TestDb.sdbench(
                "run",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "4",
                "--ramp-up",
                "1s",
                "--duration",
                DURATION_SECONDS + "s",
                "--ramp-down",
                "0s",
                "--set",
                "workload.thinkTime=50ms",
                "--set",
                "run.resultsDir=" + results,
                "--interval",
                "1"));
        List<Long> stopped = new ArrayList<>();
        TestDb.Run r;
        try {
            TestDb.awaitRunOrders(SCHEMA);
            stopped.addAll(runBackends());
            assertTrue(!stopped.isEmpty(), "the run's backends were found");
            signal("-STOP", stopped);
            r = run.get(4, TimeUnit.MINUTES);
        } finally {
            signal("-CONT", stopped);
            endBackends(stopped);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Files.writeString(Path.of("target", "db-sigstop-run.log"), r.err() + r.out());
        assertEquals(3, r.exit(), r.err() + r.out());
        String lastLine = r.err().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(lastLine.contains("unanswered") && lastLine.contains("stalled database"), lastLine);
        // Start-up (environment probe with its calibration) takes up to half a minute on a loaded host; the
        // socket timeout alone would be 5 minutes.
        assertTrue(seconds < 1 + DURATION_SECONDS + 60 + 30, "ended after " + seconds + " s");
        try (Stream<Path> dirs = Files.list(results)) {
            Path folder = dirs.max(Path::compareTo).orElseThrow();
            JsonNode result =
                    new ObjectMapper().readTree(folder.resolve("result.json").toFile());
            assertTrue(Files.exists(folder.resolve("report.html")));
            JsonNode errors = result.path("summary").path("errorsByKind");
            assertTrue(errors.path("timeout").asLong() > 0, "stuck steps counted as timeouts: " + errors);
        }
    }

    /** The client backends of this test database other than the test's own connection. */
    private static List<Long> runBackends() throws SQLException {
        List<Long> pids = new ArrayList<>();
        try (Database d = TestDb.open(TestDb.config(SCHEMA));
                Connection c = d.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery(
                        "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                                + " AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND application_name LIKE 'sdbench%'")) {
            while (rs.next()) {
                pids.add(rs.getLong(1));
            }
        }
        return pids;
    }

    /**
     * Ends the continued backends and waits for them: they resume the statements of a run that has
     * ended, and one holding a lock while it waits for the next could deadlock the schema's drop.
     */
    private static void endBackends(List<Long> pids) throws SQLException {
        try (Database d = TestDb.open(TestDb.config(SCHEMA));
                Connection c = d.connect();
                var ps = c.prepareStatement("SELECT pg_terminate_backend(?, 10000)")) {
            for (long pid : pids) {
                ps.setInt(1, (int) pid);
                ps.execute();
            }
        }
    }

    private static void signal(String signal, List<Long> pids) throws Exception {
        if (pids.isEmpty()) {
            return;
        }
        List<String> cmd = new ArrayList<>(List.of("kill", signal));
        pids.forEach(p -> cmd.add(Long.toString(p)));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "kill " + signal + " ended");
    }
}
