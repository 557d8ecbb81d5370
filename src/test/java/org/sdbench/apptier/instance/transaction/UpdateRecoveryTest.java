package org.sdbench.apptier.instance.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.central.EnqueueServer;
import org.sdbench.apptier.instance.update.UpdateCall;
import org.sdbench.apptier.instance.update.UpdateHooks;
import org.sdbench.apptier.instance.update.UpdateOutcome;
import org.sdbench.apptier.instance.update.UpdateTask;
import org.sdbench.apptier.instance.update.UpdateTaskOptions;
import org.sdbench.apptier.instance.workprocess.SessionSource;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.database.DbSession;
import org.sdbench.database.load.TestDb;
import org.sdbench.protocol.UpdateListener;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;

/** Update requests committed by a dialog step survive a crash: the next start processes them first. */
class UpdateRecoveryTest {
    private static final String SCHEMA = "it_update_recovery";

    @BeforeAll
    static void load() {
        TestDb.load(SCHEMA, 2);
    }

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void recoverPending_requestCommittedButNeverQueued_processedByNextStartAndLocksNotLeaked() throws Exception {
        var cfg = TestDb.config(SCHEMA);
        try (Database db = TestDb.open(cfg)) {
            var pool = db.pool("recovery", 4);
            SessionSource sessions = new SessionSource(
                    pool, db.dialect(), Clock.SYSTEM, db.config().timeouts().maxOutage());
            EnqueueServer enqueue = new EnqueueServer(Clock.SYSTEM);
            LockOwner dialogOwner = new LockOwner("user:1");
            String vbeln = "0077000001";
            enqueue.lock(dialogOwner, "EVVBAKE", vbeln, LockMode.EXCLUSIVE);
            var item = new LoopState.Item(10, "M000000001-0001", "test", BigDecimal.ONE, new BigDecimal("12.50"));
            byte[] order = Payloads.write(new Payloads.Order(
                    vbeln, 1, "0000001001", "0077000001", "P001", System.currentTimeMillis(), List.of(item)));

            // The "crashed" process: the save step's transaction commits, but nothing after commit runs.
            UpdateTask crashed = UpdateTaskFaultTest.leased(
                    new UpdateTask(
                            1,
                            1,
                            sessions,
                            SdTransactions.updateModules(),
                            enqueue,
                            UpdateListener.NONE,
                            Clock.SYSTEM,
                            3,
                            UpdateTaskOptions.DEFAULT),
                    sessions);
            DbSession dialog = sessions.open();
            crashed.submit(
                    dialog,
                    "SD00001",
                    "VA01",
                    List.of(new UpdateCall(VA01.ORDER_CREATE, UpdateCall.Priority.V1, order)),
                    dialogOwner,
                    r -> {},
                    r -> {});
            dialog.commit();
            dialog.close();
            assertEquals(1, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'P'"));
            assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbak WHERE vbeln = '" + vbeln + "'"));

            UpdateTask restarted = new UpdateTask(
                    1,
                    1,
                    sessions,
                    SdTransactions.updateModules(),
                    new EnqueueServer(Clock.SYSTEM),
                    UpdateListener.NONE,
                    Clock.SYSTEM,
                    3,
                    UpdateTaskOptions.DEFAULT);
            DbSession admin = sessions.open();
            assertEquals(1, restarted.recoverPending(admin));
            admin.close();
            restarted.start();
            assertTrue(restarted.drainAndStop(Duration.ofSeconds(30)));

            assertEquals(1, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbak WHERE vbeln = '" + vbeln + "'"));
            assertEquals(1, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbap WHERE vbeln = '" + vbeln + "'"));
            assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbhdr"));
            assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbmod"));
            assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbdata"));
        }
    }

    @Test
    void sweep_commitAcknowledgedLate_requestWaitsForItsDialogThenIsQueuedOnceWithItsHandle() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            ShiftClock clock = new ShiftClock();
            SessionSource sessions = new SessionSource(
                    db.pool("sweep-late", 4),
                    db.dialect(),
                    clock,
                    db.config().timeouts().maxOutage());
            UpdateTask task = startedTask(sessions, 2, clock);
            List<Runnable> onCommit = new ArrayList<>();
            DbSession dialog = sessions.open();
            var handle = task.submit(
                    dialog,
                    "SD00002",
                    "VA01",
                    List.of(order("0077000002")),
                    new LockOwner("user:2"),
                    onCommit::add,
                    r -> {});
            dialog.commit();
            dialog.close();
            // Older than the sweep's minimum age, but its dialog has not finished: the sweep must not take it.
            clock.advance(Duration.ofMinutes(1).toNanos());
            try (DbSession s = sessions.open()) {
                UpdateTask.SweepPass pass = task.sweepNow(s);
                assertEquals(1, pass.pending(), "the sweep ran and saw the request");
                assertEquals(0, pass.queued(), "the sweep left it to its dialog");
            }
            assertEquals(
                    1,
                    UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbhdr WHERE vbkey = '" + handle.vbkey() + "'"));
            onCommit.forEach(Runnable::run);
            assertTrue(handle.await(30_000_000_000L) instanceof UpdateOutcome.Committed);
            assertTrue(task.drainAndStop(Duration.ofSeconds(30)));
            assertEquals(1, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbak WHERE vbeln = '0077000002'"));
        }
    }

    @Test
    void sweep_commitOutcomeUnknownToTheDialog_requestFoundAndProcessed() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            ShiftClock clock = new ShiftClock();
            SessionSource sessions = new SessionSource(
                    db.pool("sweep-lost", 4),
                    db.dialect(),
                    clock,
                    db.config().timeouts().maxOutage());
            UpdateTask task = startedTask(sessions, 3, clock);
            List<Runnable> onRollback = new ArrayList<>();
            DbSession dialog = sessions.open();
            task.submit(
                    dialog,
                    "SD00003",
                    "VA01",
                    List.of(order("0077000003")),
                    new LockOwner("user:3"),
                    r -> {},
                    onRollback::add);
            dialog.commit();
            dialog.close();
            // The dialog saw its commit fail (connection lost), although the server committed it.
            onRollback.forEach(Runnable::run);
            clock.advance(Duration.ofMinutes(1).toNanos());
            try (DbSession s = sessions.open()) {
                assertEquals(1, task.sweepNow(s).queued(), "the sweep found it");
            }
            assertTrue(task.drainAndStop(Duration.ofSeconds(30)));
            assertEquals(1, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbak WHERE vbeln = '0077000003'"));
            assertEquals(0, UpdateTaskFaultTest.count(db, "SELECT COUNT(*) FROM vbhdr WHERE instance = 3"));
        }
    }

    /** No periodic sweep: the test runs each sweep itself and sees what it did. */
    private static UpdateTask startedTask(SessionSource sessions, int instance, ShiftClock clock) {
        UpdateTask task = UpdateTaskFaultTest.leased(
                new UpdateTask(
                        instance,
                        1,
                        sessions,
                        SdTransactions.updateModules(),
                        new EnqueueServer(clock),
                        UpdateListener.NONE,
                        clock,
                        3,
                        UpdateTaskOptions.driven(UpdateHooks.NONE, Duration.ZERO)),
                sessions);
        task.start();
        return task;
    }

    private static UpdateCall order(String vbeln) {
        var item = new LoopState.Item(10, "M000000001-0001", "test", BigDecimal.ONE, new BigDecimal("12.50"));
        return new UpdateCall(
                VA01.ORDER_CREATE,
                UpdateCall.Priority.V1,
                Payloads.write(new Payloads.Order(
                        vbeln, 1, "0000001001", vbeln, "P001", System.currentTimeMillis(), List.of(item))));
    }
}
