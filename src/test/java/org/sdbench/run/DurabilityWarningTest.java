package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

/**
 * A run against a database whose commits are not durable names the setting in its summary: set
 * here per database (ALTER DATABASE, no server restart), and put back afterwards.
 */
class DurabilityWarningTest {
    private static final String SCHEMA = "it_durability";

    @TempDir
    Path results;

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    private TestDb.Run run() {
        return TestDb.sdbench(
                "run",
                "--accept-errors",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "2",
                "--duration",
                "2s",
                // Only the start's checks and the summary's lines are asserted: no ramps around the window.
                "--ramp-up",
                "0s",
                "--ramp-down",
                "0s",
                "--set",
                "run.resultsDir=" + results);
    }

    private static void alterDatabase(String setting) throws SQLException {
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            String name;
            try (ResultSet rs = s.executeQuery("SELECT current_database()")) {
                rs.next();
                name = rs.getString(1);
            }
            s.execute("ALTER DATABASE \"" + name + "\" " + setting);
        }
    }

    private static JsonNode result(TestDb.Run r) throws IOException {
        String folder = r.out()
                .lines()
                .filter(l -> l.startsWith("results: "))
                .findFirst()
                .orElseThrow()
                .substring(9)
                .strip();
        return new ObjectMapper().readTree(Path.of(folder, "result.json").toFile());
    }

    @Test
    void run_synchronousCommitOffForDatabase_summaryAndReportNameIt() throws Exception {
        TestDb.Run r;
        alterDatabase("SET synchronous_commit = off");
        try {
            r = run();
        } finally {
            alterDatabase("RESET synchronous_commit");
        }
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(
                r.out().contains("WARNING commits are not durable: synchronous_commit=off (the database's settings"),
                r.out());
        assertTrue(result(r).get("warnings").toString().contains("synchronous_commit=off"));
    }

    @Test
    void run_durableSettings_noDurabilityWarning() throws Exception {
        TestDb.Run r = run();
        assertEquals(0, r.exit(), r.out() + r.err());
        assertFalse(r.out().contains("not durable"), r.out());
    }
}
