package org.sdbench.apptier.instance.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.instance.AppServerSystem;
import org.sdbench.core.Clock;
import org.sdbench.core.SdStep;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.UpdateListener;

/**
 * A lost order, once seen in three-tier, on a real app server and DB: a user context that missed VA01's initial
 * screen (a fresh one after a logon to another instance) saves an order. The save refuses it as a
 * counted step error and writes no update request; the loop from its start then saves normally.
 */
class FreshContextSaveTest {
    private static final String SCHEMA = "it_fresh_context";
    private static Database db;
    private static AppServerSystem system;

    @BeforeAll
    static void start() throws Exception {
        TestDb.load(SCHEMA, 1);
        var c = TestDb.config(SCHEMA);
        db = TestDb.open(c);
        system = new AppServerSystem(
                c.appServer(),
                c.workload(),
                db,
                new SdTransactions(),
                SdTransactions.updateModules(),
                UpdateListener.NONE,
                Clock.SYSTEM,
                1,
                1);
        system.start();
    }

    @AfterAll
    static void stop() throws SQLException {
        if (system != null) {
            system.close();
        }
        if (db != null) {
            db.close();
        }
        TestDb.drop(SCHEMA);
    }

    @Test
    void save_contextWithItemsButNoSoldToParty_refusedAndNoRequestWritten() throws Exception {
        system.logon(1);
        assertEquals(
                StepOutcome.Ok.INSTANCE, system.dialogStep(1, SdStep.VA01_ITEMS).outcome());

        StepOutcome save = system.dialogStep(1, SdStep.VA01_SAVE).outcome();

        assertEquals(new StepOutcome.IncompleteDocument("sales order", "sold-to party"), save);
        assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbhdr"), "no update request written");
        assertEquals(0, UpdateTaskFaultTest.count(db, TestDb.RUN_ORDERS_SQL), "no order");

        system.abandonLoop(1);
        for (SdStep step : SdStep.LOOP.subList(0, 4)) {
            assertEquals(StepOutcome.Ok.INSTANCE, system.dialogStep(1, step).outcome(), step.label());
        }
        assertTrue(system.stop(Duration.ofSeconds(30)), "the update task drained");
        assertEquals(
                1, UpdateTaskFaultTest.count(db, TestDb.RUN_ORDERS_SQL), "the loop from its start saved its order");
        assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'E'"));
    }
}
