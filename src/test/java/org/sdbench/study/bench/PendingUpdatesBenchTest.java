package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

/**
 * An update request that a killed run left in VBHDR survives a bench: the overhead bench's first
 * rounds run without update modules, and an app tier that knows none would fail the request at its
 * start (state E) instead of leaving it for the next run to post.
 */
class PendingUpdatesBenchTest {
    private static final String SCHEMA = "it_bench_pending";

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void overhead_requestLeftInVbhdr_refusedWithExit3AndRequestStaysPending() throws Exception {
        TestDb.load(SCHEMA, 2);
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("INSERT INTO vbhdr (vbkey, vbusr, vbtcode, vbdate, instance, vbstate)"
                    + " VALUES ('left-by-a-killed-run', 'USER0001', 'VA01', now(), 1, 'P')");

            TestDb.Run r = TinyOverhead.run(SCHEMA, 2, 2);

            assertEquals(ExitCode.ENVIRONMENT, r.exit(), r.out() + r.err());
            assertTrue(
                    r.err()
                            .contains("1 update requests are still in VBHDR: refusing to start a bench run without"
                                    + " update modules"),
                    r.err());
            try (ResultSet rs = s.executeQuery("SELECT vbstate FROM vbhdr WHERE vbkey = 'left-by-a-killed-run'")) {
                assertTrue(rs.next());
                assertEquals("P", rs.getString(1));
            }
        }
    }
}
