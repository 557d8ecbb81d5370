package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Database;
import org.sdbench.database.check.MasterDataAudit;
import org.sdbench.database.check.RunConsistencyAudit;

/** A run that needs more users than were loaded adds them; the result equals a full load of that many. */
class DataSetExtensionTest {
    private static final String EXTENDED = "it_extend_small";
    private static final String FULL = "it_extend_full";

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(EXTENDED);
        TestDb.drop(FULL);
    }

    @Test
    void run_moreUsersThanLoaded_addsThemAndDataEqualsAFullLoad() throws Exception {
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
                                "database.schema=" + EXTENDED)
                        .exit());
        var run = TestDb.sdbench(
                "run",
                "--accept-errors",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + EXTENDED,
                "--users",
                "5",
                "--duration",
                "1s",
                "--ramp-up",
                "0s",
                "--ramp-down",
                "0s",
                "--set",
                "run.resultsDir=target/test-results/extend",
                "--interval",
                "1");
        assertEquals(0, run.exit(), run.err() + run.out());
        assertTrue(run.out().contains("adding users 3 to 5"), run.out());
        assertEquals(
                0,
                TestDb.sdbench(
                                "load",
                                "--users",
                                "5",
                                "--recreate",
                                "--db-url",
                                TestDb.url(),
                                "--set",
                                "database.schema=" + FULL)
                        .exit());
        try (Database db = TestDb.open(TestDb.config(EXTENDED))) {
            assertEquals(List.of(), new MasterDataAudit().run(db));
            assertEquals(List.of(), new RunConsistencyAudit().run(db));
        }
        for (String table : List.of("kna1", "knvv", "mara", "marc", "mvke", "konp")) {
            assertEquals(fingerprint(FULL, table), fingerprint(EXTENDED, table), table);
        }
    }

    /** Row count and an order-independent hash of every row of a master-data table the run does not change. */
    private static String fingerprint(String schema, String table) throws SQLException {
        try (Database db = TestDb.open(TestDb.config(schema));
                Connection c = db.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT COUNT(*), SUM(hashtext(t::text)::bigint) FROM " + table + " t")) {
            rs.next();
            return rs.getLong(1) + ":" + rs.getLong(2);
        }
    }
}
