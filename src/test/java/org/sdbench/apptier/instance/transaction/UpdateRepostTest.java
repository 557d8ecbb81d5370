package org.sdbench.apptier.instance.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.instance.update.UpdateHandle;
import org.sdbench.apptier.instance.update.UpdateModule;
import org.sdbench.apptier.instance.update.UpdateTask;
import org.sdbench.apptier.instance.workprocess.SessionSource;
import org.sdbench.cli.Args;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

/** A request that failed for good is re-posted by 'check --repost'; check audits S001 against the orders. */
class UpdateRepostTest {
    private static final String SCHEMA = "it_update_repost";

    @BeforeAll
    static void load() {
        TestDb.load(SCHEMA, 1);
    }

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void checkRepost_requestFailedThenCauseFixed_processedAndCheckPassesUntilS001IsOff() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            // The cause: a run whose order module was missing, so V1 failed with a bug-class error.
            Map<String, UpdateModule> broken = new HashMap<>(SdTransactions.updateModules());
            broken.remove(VA01.ORDER_CREATE);
            SessionSource sessions = new SessionSource(
                    db.pool("repost", 2),
                    db.dialect(),
                    Clock.SYSTEM,
                    db.config().timeouts().maxOutage());
            UpdateTask task = UpdateTaskFaultTest.leased(UpdateTaskFaultTest.quietTask(21, sessions, broken), sessions);
            task.start();
            UpdateHandle h = UpdateTaskFaultTest.submitCommitted(
                    task, sessions, UpdateTaskFaultTest.order("0077200001", "0000001001", "3", true));
            assertTrue(task.drainAndStop(Duration.ofSeconds(30)));
            assertEquals(
                    1,
                    UpdateTaskFaultTest.count(
                            db, "SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'E' AND vbkey = '" + h.vbkey() + "'"));
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                // The order number came from outside the number range: keep the range audit quiet about it.
                s.executeUpdate("UPDATE nriv SET nrlevel = 77200001 WHERE object = 'RV_BELEG' AND nrrangenr = '01'");
            }

            var failing = TestDb.sdbench(Args.of("check").db(SCHEMA).build());
            assertEquals(1, failing.exit(), failing.out());
            assertTrue(failing.out().contains("update requests failed (VBHDR state E)"), failing.out());

            var reposted =
                    TestDb.sdbench(Args.of("check").flag("--repost").db(SCHEMA).build());
            assertTrue(
                    reposted.out()
                            .contains(
                                    "re-posted 1 failed and 0 pending update requests: 0 failed again, 0 still pending"),
                    reposted.out() + reposted.err());
            assertEquals(0, reposted.exit(), reposted.out() + reposted.err());
            assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbhdr"));
            assertEquals(1, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbak WHERE vbeln = '0077200001'"));

            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                // the statistics of the re-posted order's first item (the loaded history has statistics too)
                s.executeUpdate(
                        "UPDATE s001 SET menge = menge * 2 WHERE matnr = (SELECT matnr FROM vbap WHERE vbeln = '0077200001'"
                                + " AND posnr = 10) AND kunnr = (SELECT kunnr FROM vbak WHERE vbeln = '0077200001')");
            }
            var doubled = TestDb.sdbench(Args.of("check").db(SCHEMA).build());
            assertEquals(1, doubled.exit(), doubled.out());
            assertTrue(
                    doubled.out().contains("1 customer/material pairs whose sales statistics (S001) differ"),
                    doubled.out());
        }
    }

    @Test
    void fail_orderWithoutSoldToParty_reasonStoredAndShownByCheck() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            // A request once found in state E with no word why: an order written without its customer.
            SessionSource sessions = new SessionSource(
                    db.pool("reason", 2),
                    db.dialect(),
                    Clock.SYSTEM,
                    db.config().timeouts().maxOutage());
            UpdateTask task = UpdateTaskFaultTest.leased(
                    UpdateTaskFaultTest.quietTask(22, sessions, SdTransactions.updateModules()), sessions);
            task.start();
            UpdateHandle h = UpdateTaskFaultTest.submitCommitted(
                    task, sessions, UpdateTaskFaultTest.order("0077200002", null, "3", true));
            assertTrue(task.drainAndStop(Duration.ofSeconds(30)));
            try {
                String reason;
                try (Connection c = db.connect();
                        Statement s = c.createStatement();
                        var rs = s.executeQuery(
                                "SELECT vbreason FROM vbhdr WHERE vbstate = 'E' AND vbkey = '" + h.vbkey() + "'")) {
                    assertTrue(rs.next(), "the request is in state E");
                    reason = rs.getString(1);
                }
                assertTrue(
                        reason != null
                                && reason.startsWith("V1: java.lang.NullPointerException")
                                && reason.contains(" at "),
                        "the reason names the part, the error and where: " + reason);

                var check = TestDb.sdbench(Args.of("check").db(SCHEMA).build());
                assertEquals(1, check.exit(), check.out());
                assertTrue(
                        check.out()
                                .contains(
                                        "update request " + h.vbkey() + " (VA01, user SD00001, instance 22, modules"
                                                + " SD_ORDER_CREATE + SD_STATISTICS_UPDATE) failed: V1: java.lang.NullPointerException"),
                        check.out());
            } finally {
                try (Connection c = db.connect();
                        Statement s = c.createStatement()) {
                    for (String t : List.of("vbdata", "vbmod", "vbhdr")) {
                        s.executeUpdate("DELETE FROM " + t + " WHERE vbkey = '" + h.vbkey() + "'");
                    }
                }
            }
        }
    }
}
