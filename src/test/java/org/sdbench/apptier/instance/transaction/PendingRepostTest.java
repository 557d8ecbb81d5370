package org.sdbench.apptier.instance.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.instance.update.UpdateHandle;
import org.sdbench.apptier.instance.update.UpdateTask;
import org.sdbench.apptier.instance.workprocess.SessionSource;
import org.sdbench.cli.Args;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

/**
 * A committed update request whose instance ended before posting it (its update task never ran, as
 * when central services vanish and the app servers stop) stays pending, not lost: 'check' names it,
 * and 'check --repost' posts it so the audit passes without another run.
 */
class PendingRepostTest {
    private static final String SCHEMA = "it_pending_repost";

    @BeforeAll
    static void load() {
        TestDb.load(SCHEMA, 1);
    }

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void checkRepost_requestLeftPendingByAStoppedInstance_postedOnceAndCheckPasses() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            SessionSource sessions = new SessionSource(
                    db.pool("pending", 2),
                    db.dialect(),
                    Clock.SYSTEM,
                    db.config().timeouts().maxOutage());
            // Never started: the request is committed in VBHDR, and nobody posts it.
            UpdateTask stopped = UpdateTaskFaultTest.leased(
                    UpdateTaskFaultTest.quietTask(22, sessions, SdTransactions.updateModules()), sessions);
            UpdateHandle h = UpdateTaskFaultTest.submitCommitted(
                    stopped, sessions, UpdateTaskFaultTest.order("0077300001", "0000001001", "2", true));
            assertEquals(
                    1,
                    UpdateTaskFaultTest.count(
                            db, "SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'P' AND vbkey = '" + h.vbkey() + "'"));
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                // The order number came from outside the number range: keep the range audit quiet about it.
                s.executeUpdate("UPDATE nriv SET nrlevel = 77300001 WHERE object = 'RV_BELEG' AND nrrangenr = '01'");
            }

            var pending = TestDb.sdbench(Args.of("check").db(SCHEMA).build());
            assertEquals(1, pending.exit(), pending.out());
            assertTrue(
                    pending.out().contains("1 update requests still pending in VBHDR")
                            && pending.out().contains("check --repost"),
                    pending.out());

            var posted =
                    TestDb.sdbench(Args.of("check").flag("--repost").db(SCHEMA).build());
            assertTrue(
                    posted.out()
                            .contains(
                                    "re-posted 0 failed and 1 pending update requests: 0 failed again, 0 still pending"),
                    posted.out() + posted.err());
            assertEquals(0, posted.exit(), posted.out() + posted.err());
            assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbhdr"));
            assertEquals(1, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbak WHERE vbeln = '0077300001'"));
        }
    }
}
