package org.sdbench.apptier.instance.transaction;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sdbench.apptier.central.EnqueueServer;
import org.sdbench.apptier.instance.update.UpdateCall;
import org.sdbench.apptier.instance.update.UpdateHandle;
import org.sdbench.apptier.instance.update.UpdateHooks;
import org.sdbench.apptier.instance.update.UpdateModule;
import org.sdbench.apptier.instance.update.UpdateOutcome;
import org.sdbench.apptier.instance.update.UpdateTask;
import org.sdbench.apptier.instance.update.UpdateTaskOptions;
import org.sdbench.apptier.instance.workprocess.SessionSource;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.database.DbSession;
import org.sdbench.database.Pipeline;
import org.sdbench.database.load.TestDb;
import org.sdbench.protocol.UpdateListener;
import org.sdbench.protocol.enqueue.LockOwner;

/**
 * The update task under faults, each race set up exactly with hooks and a shifted clock: V2 runs
 * once, transient failures are retried and never end in state E, a V2 failure is a V2 failure,
 * a worker killed by an Error is replaced, and idle means idle.
 */
class UpdateTaskFaultTest {
    private static final String SCHEMA = "it_update_faults";
    private static final int RETRIES = 3;

    @BeforeAll
    static void load() {
        TestDb.load(SCHEMA, 2);
    }

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void sweepNow_betweenV1AndV2_requestNotQueuedAgainAndStatisticsAddedOnce() throws Exception {
        ShiftClock clock = new ShiftClock();
        CountDownLatch atGap = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        UpdateHooks hooks = new UpdateHooks() {
            @Override
            public void betweenV1AndV2(String vbkey) throws InterruptedException {
                atGap.countDown();
                go.await(30, SECONDS);
            }
        };
        Counts counts = new Counts();
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            SessionSource sessions = new SessionSource(
                    db.pool("v2-once", 4),
                    db.dialect(),
                    clock,
                    db.config().timeouts().maxOutage());
            // Two workers: a key handed out again would be taken by the idle one at once.
            UpdateTask task = task(sessions, 11, 2, SdTransactions.updateModules(), counts, clock, hooks);
            submitCommitted(task, sessions, order("0077100001", "C000000011", "7", true));
            assertTrue(atGap.await(30, SECONDS));
            clock.advance(Duration.ofMinutes(1).toNanos());
            try (DbSession s = sessions.open()) {
                UpdateTask.SweepPass pass = task.sweepNow(s);
                assertEquals(1, pass.pending(), "the sweep saw the request, V1 done and V2 to do");
                assertEquals(0, pass.queued(), "a request between V1 and V2 is still in process");
            }
            go.countDown();
            assertTrue(task.drainAndStop(Duration.ofSeconds(30)));
            assertEquals(0, new BigDecimal("7").compareTo(s001Menge(db, "C000000011")));
            assertEquals(1, counts.v1Committed.get());
            assertEquals(1, counts.v2Committed.get());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"53100", "57014", "55P03", "40P01", "08006"})
    void process_transientFailureOutlastsRetries_requestStaysPendingThenIsDone(String sqlState) throws Exception {
        ShiftClock clock = new ShiftClock();
        CountDownLatch deferred = new CountDownLatch(1);
        UpdateHooks hooks = new UpdateHooks() {
            @Override
            public void deferred(String vbkey) {
                deferred.countDown();
            }
        };
        Flaky flaky = new Flaky("TEST_FLAKY_V1", sqlState, RETRIES + 1);
        Counts counts = new Counts();
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            SessionSource sessions = new SessionSource(
                    db.pool("transient", 2),
                    db.dialect(),
                    clock,
                    db.config().timeouts().maxOutage());
            UpdateTask task = task(sessions, 12, 1, modules(flaky), counts, clock, hooks);
            UpdateHandle h = submitCommitted(
                    task, sessions, List.of(new UpdateCall(flaky.name(), UpdateCall.Priority.V1, new byte[0])));
            assertTrue(deferred.await(30, SECONDS));
            assertEquals("P", state(db, h.vbkey()), "a transient failure must not end in state E");
            assertEquals(1, task.deferredRequests());
            assertFalse(h.isDone());
            clock.advance(Duration.ofMinutes(1).toNanos());
            assertTrue(task.drainAndStop(Duration.ofSeconds(30)));
            assertEquals(null, state(db, h.vbkey()));
            assertEquals(RETRIES + 2, flaky.calls.get());
            assertEquals(RETRIES + 1, task.retriedTransactions());
            assertEquals(0, counts.v1Failed.get());
            assertEquals(1, counts.v1Committed.get());
        }
    }

    /** SQLState 22003 (numeric out of range) or, when empty, a RuntimeException: a bug, not a passing failure. */
    @ParameterizedTest
    @ValueSource(strings = {"22003", ""})
    void process_v2FailsForGood_markedErrorCountedAsV2OnceAndNotSweptAgain(String sqlState) throws Exception {
        ShiftClock clock = new ShiftClock();
        Flaky badV2 = new Flaky("TEST_BAD_V2", sqlState, Integer.MAX_VALUE);
        Counts counts = new Counts();
        int instance = sqlState.isEmpty() ? 14 : 13;
        String vbeln = "007710000" + instance % 10;
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            SessionSource sessions = new SessionSource(
                    db.pool("v2-bad", 2),
                    db.dialect(),
                    clock,
                    db.config().timeouts().maxOutage());
            UpdateTask task = task(sessions, instance, 1, modules(badV2), counts, clock, UpdateHooks.NONE);
            List<UpdateCall> calls = new ArrayList<>(order(vbeln, "C00000001" + instance % 10, "2", false));
            calls.add(new UpdateCall(badV2.name(), UpdateCall.Priority.V2, new byte[0]));
            UpdateHandle h = submitCommitted(task, sessions, calls);
            assertTrue(task.awaitIdle(Duration.ofSeconds(30)));
            assertEquals("E", state(db, h.vbkey()));
            assertTrue(h.await(0) instanceof UpdateOutcome.Committed, "V1 did commit");
            assertEquals(1, counts.v1Committed.get());
            assertEquals(0, counts.v1Failed.get());
            assertEquals(1, counts.v2Failed.get());
            assertEquals(1, badV2.calls.get(), "a failure of the request itself is not retried");
            clock.advance(Duration.ofMinutes(1).toNanos());
            try (DbSession s = sessions.open()) {
                assertEquals(0, task.sweepNow(s).queued(), "a failed V2 waits for a re-post, not for the next sweep");
            }
            assertTrue(task.drainAndStop(Duration.ofSeconds(30)));
            assertEquals(1, count(db, "SELECT COUNT(*) FROM vbak WHERE vbeln = '" + vbeln + "'"));
        }
    }

    /**
     * The module's statements travel in one round trip with the deletes of its part: a statement
     * that times out on the server after others of the pipeline ran is retried, and the rows of the
     * failed attempts are not there; the part commits once.
     */
    @Test
    void process_serverTimeoutInsidePipelinedStatements_retriedAndWrittenExactlyOnce() throws Exception {
        ShiftClock clock = new ShiftClock();
        AtomicInteger slowLeft = new AtomicInteger(RETRIES);
        UpdateModule slow = new UpdateModule() {
            @Override
            public String name() {
                return "TEST_SLOW_V1";
            }

            @Override
            public int execute(Pipeline db, byte[] payload) {
                db.update(
                        "INSERT INTO vbuk (vbeln, gbstk, lfstk, wbstk, fkstk) VALUES (?, 'A', ' ', ' ', ' ')",
                        "0077100018");
                if (slowLeft.getAndDecrement() > 0) {
                    db.update("SET LOCAL statement_timeout = 100");
                    db.update("SELECT pg_sleep(10)");
                }
                return 0;
            }
        };
        Counts counts = new Counts();
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            SessionSource sessions = new SessionSource(
                    db.pool("pipeline-timeout", 2),
                    db.dialect(),
                    clock,
                    db.config().timeouts().maxOutage());
            UpdateTask task = task(sessions, 18, 1, modules(slow), counts, clock, UpdateHooks.NONE);
            UpdateHandle h = submitCommitted(
                    task, sessions, List.of(new UpdateCall(slow.name(), UpdateCall.Priority.V1, new byte[0])));
            assertTrue(task.drainAndStop(Duration.ofSeconds(60)));
            assertEquals(null, state(db, h.vbkey()));
            assertEquals(RETRIES, task.retriedTransactions());
            assertEquals(1, counts.v1Committed.get());
            assertEquals(1, count(db, "SELECT COUNT(*) FROM vbuk WHERE vbeln = '0077100018'"));
            assertEquals(0, count(db, "SELECT COUNT(*) FROM vbdata WHERE vbkey = '" + h.vbkey() + "'"));
        }
    }

    /** A statement late in the pipeline fails for good: nothing of the part is written, its payload stays for a re-post. */
    @Test
    void process_duplicateKeyInsidePipelinedStatements_stateErrorAndNothingWritten() throws Exception {
        ShiftClock clock = new ShiftClock();
        UpdateModule twice = new UpdateModule() {
            @Override
            public String name() {
                return "TEST_DUPLICATE_V1";
            }

            @Override
            public int execute(Pipeline db, byte[] payload) {
                db.update(
                        "INSERT INTO vbuk (vbeln, gbstk, lfstk, wbstk, fkstk) VALUES (?, 'A', ' ', ' ', ' ')",
                        "0077100019");
                db.update(
                        "INSERT INTO vbuk (vbeln, gbstk, lfstk, wbstk, fkstk) VALUES (?, 'A', ' ', ' ', ' ')",
                        "0077100019");
                return 0;
            }
        };
        Counts counts = new Counts();
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            SessionSource sessions = new SessionSource(
                    db.pool("pipeline-duplicate", 2),
                    db.dialect(),
                    clock,
                    db.config().timeouts().maxOutage());
            UpdateTask task = task(sessions, 19, 1, modules(twice), counts, clock, UpdateHooks.NONE);
            UpdateHandle h = submitCommitted(
                    task, sessions, List.of(new UpdateCall(twice.name(), UpdateCall.Priority.V1, new byte[0])));
            assertTrue(task.drainAndStop(Duration.ofSeconds(30)));
            assertEquals("E", state(db, h.vbkey()));
            assertEquals(1, counts.v1Failed.get());
            assertEquals(0, count(db, "SELECT COUNT(*) FROM vbuk WHERE vbeln = '0077100019'"));
            assertEquals(1, count(db, "SELECT COUNT(*) FROM vbdata WHERE vbkey = '" + h.vbkey() + "'"));
        }
    }

    @Test
    void worker_errorInModule_workerReplacedAndRequestReleasedToTheSweep() throws Exception {
        ShiftClock clock = new ShiftClock();
        AtomicInteger errors = new AtomicInteger(1);
        UpdateModule dying = new UpdateModule() {
            @Override
            public String name() {
                return "TEST_ERROR_V1";
            }

            @Override
            public int execute(Pipeline db, byte[] payload) {
                if (errors.getAndDecrement() > 0) {
                    throw new SimulatedError();
                }
                return 0;
            }
        };
        CountDownLatch died = new CountDownLatch(1);
        Counts counts = new Counts() {
            @Override
            public void v1Failed(String reason) {
                super.v1Failed(reason);
                died.countDown();
            }
        };
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            SessionSource sessions = new SessionSource(
                    db.pool("error", 3),
                    db.dialect(),
                    clock,
                    db.config().timeouts().maxOutage());
            UpdateTask task = task(sessions, 15, 1, modules(dying), counts, clock, UpdateHooks.NONE);
            UpdateHandle h = submitCommitted(
                    task, sessions, List.of(new UpdateCall(dying.name(), UpdateCall.Priority.V1, new byte[0])));
            assertTrue(died.await(30, SECONDS));
            assertEquals(1, task.workersReplaced());
            assertEquals(1, task.liveWorkers());
            assertEquals("P", state(db, h.vbkey()));
            clock.advance(Duration.ofMinutes(1).toNanos());
            try (DbSession s = sessions.open()) {
                assertEquals(1, task.sweepNow(s).queued(), "the dead worker's request is released");
            }
            assertTrue(task.drainAndStop(Duration.ofSeconds(30)));
            assertEquals(null, state(db, h.vbkey()));
            assertTrue(h.await(0) instanceof UpdateOutcome.Committed);
        }
    }

    @Test
    void awaitIdle_workerTookRequestButHasNotStartedIt_notIdle() throws Exception {
        ShiftClock clock = new ShiftClock();
        CountDownLatch took = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        UpdateHooks hooks = new UpdateHooks() {
            @Override
            public void taken(String vbkey) throws InterruptedException {
                took.countDown();
                go.await(30, SECONDS);
            }
        };
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            SessionSource sessions = new SessionSource(
                    db.pool("idle", 2),
                    db.dialect(),
                    clock,
                    db.config().timeouts().maxOutage());
            UpdateTask task = task(sessions, 16, 1, SdTransactions.updateModules(), new Counts(), clock, hooks);
            submitCommitted(task, sessions, order("0077100006", "C000000016", "1", true));
            assertTrue(took.await(30, SECONDS));
            assertEquals(0, task.queueLength());
            assertFalse(task.awaitIdle(Duration.ZERO), "the taken request is still to do");
            go.countDown();
            assertTrue(task.drainAndStop(Duration.ofSeconds(30)));
            assertEquals(1, count(db, "SELECT COUNT(*) FROM vbak WHERE vbeln = '0077100006'"));
        }
    }

    @Test
    void drainAndStop_noConnectionLeftForTheFinalSweep_returnsNotDrainedWithinItsBound() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            HikariConfig hc = new HikariConfig();
            hc.setJdbcUrl(TestDb.url());
            hc.setMaximumPoolSize(1);
            hc.setAutoCommit(false);
            hc.setConnectionTimeout(250);
            hc.setPoolName("drain-starved");
            // Someone else holds the pool's only connection for as long as the drain lasts.
            try (HikariDataSource onlyOne = new HikariDataSource(hc);
                    var held = onlyOne.getConnection()) {
                ShiftClock clock = new ShiftClock();
                // No lease: taking it would need the connection that is held; this task never saves.
                UpdateTask task = new UpdateTask(
                        17,
                        0,
                        new SessionSource(
                                onlyOne,
                                db.dialect(),
                                clock,
                                db.config().timeouts().maxOutage()),
                        SdTransactions.updateModules(),
                        new EnqueueServer(clock),
                        new Counts(),
                        clock,
                        RETRIES,
                        UpdateTaskOptions.driven(UpdateHooks.NONE, Duration.ZERO));
                task.start();
                boolean drained = assertTimeoutPreemptively(
                        Duration.ofSeconds(30), () -> task.drainAndStop(Duration.ofSeconds(5)));
                assertFalse(drained, "the final sweep could not run, so the task cannot say it drained");
                assertTrue(held.isValid(1));
            }
        }
    }

    private static final class SimulatedError extends Error {
        private static final long serialVersionUID = 1L;

        SimulatedError() {
            super("simulated Error in an update module");
        }
    }

    /** Fails its first {@code failures} calls with the given SQLState (empty: a RuntimeException), then succeeds. */
    private static final class Flaky implements UpdateModule {
        private final String name;
        private final String sqlState;
        private final AtomicInteger failuresLeft;
        final AtomicInteger calls = new AtomicInteger();

        Flaky(String name, String sqlState, int failures) {
            this.name = name;
            this.sqlState = sqlState;
            this.failuresLeft = new AtomicInteger(failures);
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public int execute(Pipeline db, byte[] payload) throws SQLException {
            calls.incrementAndGet();
            if (failuresLeft.getAndDecrement() > 0) {
                if (sqlState.isEmpty()) {
                    throw new IllegalStateException("simulated bug in an update module");
                }
                throw new SQLException("simulated failure " + sqlState, sqlState);
            }
            return 0;
        }
    }

    static class Counts implements UpdateListener {
        final AtomicInteger v1Committed = new AtomicInteger();
        final AtomicInteger v1Failed = new AtomicInteger();
        final AtomicInteger v2Committed = new AtomicInteger();
        final AtomicInteger v2Failed = new AtomicInteger();

        @Override
        public void v1Committed(long saveToCommittedNanos, long dbNanos, int dbCalls, int lineItems) {
            v1Committed.incrementAndGet();
        }

        @Override
        public void v1Failed(String reason) {
            v1Failed.incrementAndGet();
        }

        @Override
        public void v2Committed(long dbNanos, int dbCalls) {
            v2Committed.incrementAndGet();
        }

        @Override
        public void v2Failed(String reason) {
            v2Failed.incrementAndGet();
        }

        @Override
        public void queueLength(int length) {}
    }

    private static Map<String, UpdateModule> modules(UpdateModule extra) {
        Map<String, UpdateModule> m = new HashMap<>(SdTransactions.updateModules());
        m.put(extra.name(), extra);
        return m;
    }

    private static UpdateTask task(
            SessionSource sessions,
            int instance,
            int workers,
            Map<String, UpdateModule> modules,
            UpdateListener listener,
            ShiftClock clock,
            UpdateHooks hooks) {
        UpdateTask task = leased(
                new UpdateTask(
                        instance,
                        workers,
                        sessions,
                        modules,
                        new EnqueueServer(clock),
                        listener,
                        clock,
                        RETRIES,
                        UpdateTaskOptions.driven(hooks, Duration.ZERO)),
                sessions);
        task.start();
        return task;
    }

    /** One update work process, no periodic sweep (the test sweeps), outcomes counted; not started, no lease. */
    static UpdateTask quietTask(int instance, SessionSource sessions, Map<String, UpdateModule> modules) {
        return new UpdateTask(
                instance,
                1,
                sessions,
                modules,
                new EnqueueServer(Clock.SYSTEM),
                new Counts(),
                Clock.SYSTEM,
                3,
                UpdateTaskOptions.driven(UpdateHooks.NONE, Duration.ZERO));
    }

    /** The task with its instance's lease taken, as an app-server instance takes it at start. */
    static UpdateTask leased(UpdateTask task, SessionSource sessions) {
        try (DbSession db = sessions.open()) {
            task.takeLease(db, "sdbench test");
        } catch (SQLException e) {
            throw new IllegalStateException("taking the lease failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return task;
    }

    /** A save step whose dialog transaction commits and is acknowledged. */
    static UpdateHandle submitCommitted(UpdateTask task, SessionSource sessions, List<UpdateCall> calls)
            throws Exception {
        List<Runnable> onCommit = new ArrayList<>();
        UpdateHandle h;
        try (DbSession dialog = sessions.open()) {
            h = task.submit(dialog, "SD00001", "VA01", calls, new LockOwner("user:1"), onCommit::add, r -> {});
            dialog.commit();
        }
        onCommit.forEach(Runnable::run);
        return h;
    }

    static List<UpdateCall> order(String vbeln, String kunnr, String qty, boolean withStatistics) {
        var item = new LoopState.Item(10, "M000000001-0001", "test", new BigDecimal(qty), new BigDecimal("12.50"));
        long now = System.currentTimeMillis();
        List<UpdateCall> calls = new ArrayList<>();
        calls.add(new UpdateCall(
                VA01.ORDER_CREATE,
                UpdateCall.Priority.V1,
                Payloads.write(new Payloads.Order(vbeln, 1, kunnr, vbeln, "P001", now, List.of(item)))));
        if (withStatistics) {
            calls.add(new UpdateCall(
                    VA01.SALES_STATISTICS,
                    UpdateCall.Priority.V2,
                    Payloads.write(new Payloads.Statistics(kunnr, now, List.of(item)))));
        }
        return calls;
    }

    private static BigDecimal s001Menge(Database db, String kunnr) throws SQLException {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT SUM(menge) FROM s001 WHERE kunnr = '" + kunnr + "'")) {
            rs.next();
            return rs.getBigDecimal(1);
        }
    }

    private static String state(Database db, String vbkey) throws SQLException {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT vbstate FROM vbhdr WHERE vbkey = '" + vbkey + "'")) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    static long count(Database db, String sql) throws SQLException {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
