package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Database;
import org.sdbench.database.check.MasterDataAudit;
import org.sdbench.database.check.RunConsistencyAudit;

/** Documents a run creates get SAP fields from the load's templates: as wide as loaded ones, and still audited. */
class RunInsertedRowsTest {
    private static final String SCHEMA = "it_run_inserted_rows";
    /** Number-range interval of each table's documents: its baseline separates loaded rows from the run's. */
    private static final Map<String, String> RANGES = Map.of("vbak", "01", "vbap", "01", "likp", "17", "vbrk", "19");

    @BeforeAll
    static void loadAndRun() {
        assertEquals(
                0,
                TestDb.sdbench(
                                "load",
                                "--users",
                                "2",
                                "--recreate",
                                "--db-url",
                                TestDb.url(),
                                "--set",
                                "database.schema=" + SCHEMA)
                        .exit());
        var run = TestDb.sdbench(
                "run",
                "--accept-errors",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "2",
                "--duration",
                "6s",
                "--ramp-up",
                "0s",
                "--ramp-down",
                "1s",
                "--set",
                "workload.thinkTime=20ms",
                "--set",
                "run.resultsDir=target/test-results/run-inserted-rows",
                "--interval",
                "2");
        assertEquals(0, run.exit(), run.err() + run.out());
    }

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void run_insertedDocuments_sapFieldsSetAndWidthsAsLoaded() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            for (String table : List.of("vbak", "vbap", "likp", "vbrk")) {
                String runRows = "CAST(t.vbeln AS BIGINT) > (SELECT MAX(tonumber) FROM sdbench_baseline"
                        + " WHERE nrrangenr = '" + RANGES.get(table) + "' AND object = 'RV_BELEG')";
                try (var rs = s.executeQuery("SELECT COUNT(*) FILTER (WHERE " + runRows + "),"
                        + " AVG(pg_column_size(t.*)) FILTER (WHERE " + runRows + "),"
                        + " AVG(pg_column_size(t.*)) FILTER (WHERE NOT " + runRows + "),"
                        + " COUNT(DISTINCT pg_column_size(t.*)) FILTER (WHERE " + runRows + ")"
                        + " FROM " + table + " t")) {
                    rs.next();
                    long runCount = rs.getLong(1);
                    double runWidth = rs.getDouble(2);
                    double loadedWidth = rs.getDouble(3);
                    assertTrue(runCount > 0, table + ": the run inserted no rows");
                    assertTrue(
                            Math.abs(runWidth - loadedWidth) < 0.15 * loadedWidth,
                            table + ": run rows " + runWidth + " B on average, loaded " + loadedWidth + " B");
                    // Rows at the DDL defaults would all have one width per table (up to the loop's values).
                    assertTrue(rs.getLong(4) > 3, table + ": run rows vary in width like loaded ones");
                }
            }
            assertEquals(List.of(), new MasterDataAudit().run(db));
            assertEquals(List.of(), new RunConsistencyAudit().run(db));
        }
    }
}
