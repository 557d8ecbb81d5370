package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Database;
import org.sdbench.database.check.RunConsistencyAudit;
import org.sdbench.database.load.TestDb;

/**
 * Fault injection: the server kills every sdbench connection several times during a run. The run
 * must count and replace them, finish normally, and lose no update request or document.
 */
class ConnectionLossTest {
    private static final String SCHEMA = "it_connection_loss";

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_backendsTerminatedMidRun_connectionsReplacedAndNoDocumentLost() throws Exception {
        Path results = Path.of("target", "test-results", SCHEMA);
        var run = CompletableFuture.supplyAsync(() -> TestDb.sdbench(
                "run",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "6",
                "--ramp-up",
                "1s",
                "--duration",
                "12s",
                "--ramp-down",
                "1s",
                "--set",
                "workload.thinkTime=50ms",
                "--set",
                "run.resultsDir=" + results,
                "--interval",
                "2",
                "--accept-errors"));
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            waitForTables(s);
            for (int i = 0; i < 4; i++) {
                Thread.sleep(2_500);
                s.execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'sdbench%'"
                                + " AND datname = current_database() AND pid <> pg_backend_pid()");
            }
        }
        var r = run.get(5, TimeUnit.MINUTES);
        Files.writeString(Path.of("target", "connection-loss-run.log"), r.err() + r.out());
        assertEquals(0, r.exit(), r.err() + r.out());
        JsonNode result;
        try (Stream<Path> dirs = Files.list(results)) {
            Path folder = dirs.max(Path::compareTo).orElseThrow();
            result = new ObjectMapper().readTree(folder.resolve("result.json").toFile());
        }
        assertTrue(
                result.path("reliability").path("connectionsReplaced").asLong() > 0,
                result.path("reliability").toString());
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            assertEquals(List.of(), new RunConsistencyAudit().run(db));
        }
    }

    private static void waitForTables(Statement s) throws Exception {
        for (int i = 0; i < 600; i++) {
            try (var rs = s.executeQuery("SELECT COUNT(*) FROM pg_stat_activity WHERE application_name LIKE 'sdbench%'"
                    + " AND datname = current_database() AND pid <> pg_backend_pid()")) {
                rs.next();
                if (rs.getLong(1) >= 8) {
                    return;
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the run never opened its work-process connections");
    }
}
