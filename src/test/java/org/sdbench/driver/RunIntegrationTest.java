package org.sdbench.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Database;
import org.sdbench.database.check.Problem;
import org.sdbench.database.check.RunConsistencyAudit;
import org.sdbench.database.load.TestDb;

/** Short real runs against PostgreSQL, then the documents are verified in SQL. */
class RunIntegrationTest {
    private static final String BUFFERED = "it_run_buffered";
    private static final String UNBUFFERED = "it_run_unbuffered";

    @AfterAll
    static void dropSchemas() throws SQLException {
        TestDb.drop(BUFFERED);
        TestDb.drop(UNBUFFERED);
    }

    @Test
    void run_shortQuickLoop_documentsCompleteAndConsistent() throws Exception {
        var r = runFor(BUFFERED);
        assertEquals(0, r.exit(), r.err() + r.out());
        assertTrue(r.out().contains("SAPS-like"), r.out());
        assertNoProblems(BUFFERED);
        try (Database db = TestDb.open(TestDb.config(BUFFERED));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            assertTrue(count(s, "SELECT COUNT(*) FROM vbrk") > 0, "at least one loop reached the invoice");
            assertEquals(
                    0,
                    count(
                            s,
                            "SELECT COUNT(*) FROM vbrk b WHERE (SELECT COUNT(*) FROM vbrp r WHERE r.vbeln = b.vbeln) <> 5"),
                    "every invoice has the order's 5 line items");
            assertEquals(0, count(s, "SELECT COUNT(*) FROM vbhdr"), "no update request left after the drain");
            assertEquals(count(s, "SELECT COUNT(*) FROM vbak"), count(s, "SELECT COUNT(DISTINCT vbeln) FROM vbak"));
        }
        // The loaded order history gives every customer a full VA05 list from the first loop on.
        String folder = r.out()
                .lines()
                .filter(l -> l.startsWith("results: "))
                .findFirst()
                .orElseThrow()
                .substring("results: ".length())
                .strip();
        var steps = new ObjectMapper()
                .readTree(Path.of(folder, "result.json").toFile())
                .path("summary")
                .path("steps");
        double listed = -1;
        for (var step : steps) {
            if (step.path("label").asText().equals("VA05/list-orders")) {
                listed = step.path("dbRowsPerStep").asDouble();
            }
        }
        assertEquals(40.0, listed, 1e-9, "rows VA05's list step returned per step");
    }

    @Test
    void run_unbufferedNumberRanges_numbersStillUnique() throws SQLException {
        var r = runFor(
                UNBUFFERED,
                "--set",
                "workload.numberRangeBuffers.RV_BELEG=0",
                "--set",
                "workload.numberRangeBuffers.KONV=0",
                "--set",
                "workload.numberRangeBuffers.RF_BELEG=0");
        assertEquals(0, r.exit(), r.err() + r.out());
        assertNoProblems(UNBUFFERED);
        try (Database db = TestDb.open(TestDb.config(UNBUFFERED));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            long orders = count(s, "SELECT COUNT(*) FROM vbak");
            assertTrue(orders > 0);
            // Unbuffered: every number drawn by a committed step is used, so the orders are exactly 1..level.
            assertEquals(orders, count(s, "SELECT nrlevel FROM nriv WHERE object = 'RV_BELEG' AND nrrangenr = '01'"));
            assertEquals(orders, count(s, "SELECT MAX(CAST(vbeln AS BIGINT)) FROM vbak"));
        }
    }

    private static TestDb.Run runFor(String schema, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--accept-errors",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + schema,
                "--users",
                "6",
                "--ramp-up",
                "1s",
                "--duration",
                "6s",
                "--ramp-down",
                "1s",
                "--set",
                "workload.thinkTime=50ms",
                "--set",
                "run.resultsDir=target/test-results",
                "--interval",
                "2"));
        args.addAll(List.of(extra));
        return TestDb.sdbench(args.toArray(String[]::new));
    }

    private static void assertNoProblems(String schema) throws SQLException {
        try (Database db = TestDb.open(TestDb.config(schema))) {
            List<Problem> problems = new RunConsistencyAudit().run(db);
            assertEquals(List.of(), problems);
        }
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (var rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
