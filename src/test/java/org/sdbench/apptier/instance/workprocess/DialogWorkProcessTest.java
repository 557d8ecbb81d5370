package org.sdbench.apptier.instance.workprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.instance.dispatcher.DialogRequest;
import org.sdbench.apptier.instance.dispatcher.Dispatcher;
import org.sdbench.core.Clock;
import org.sdbench.core.SdStep;
import org.sdbench.database.Database;
import org.sdbench.database.DbSession;
import org.sdbench.database.load.TestDb;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;

/**
 * A work process answers every request and survives a failing step; one that dies of an Error is
 * replaced (a lost one would hang its users and shrink the instance).
 */
class DialogWorkProcessTest {
    @Test
    void run_stepThrowsUnexpectedly_userGetsAnAnswerAndTheNextStepIsServed() throws Exception {
        try (Database db = TestDb.open(TestDb.config("it_work_process"))) {
            SessionSource sessions = new SessionSource(
                    db.pool("wp-test", 2),
                    db.dialect(),
                    Clock.SYSTEM,
                    db.config().timeouts().maxOutage());
            Dispatcher dispatcher = new Dispatcher();
            AtomicInteger calls = new AtomicInteger();
            var runner = failingFirst(calls, () -> new IllegalStateException("a bug around the step"));
            Thread wp = Thread.ofPlatform()
                    .start(new DialogWorkProcess(
                            dispatcher, sessions, new RollArea(16, Clock.SYSTEM), runner, Clock.SYSTEM));
            CompletableFuture<StepResult> first = new CompletableFuture<>();
            CompletableFuture<StepResult> second = new CompletableFuture<>();
            dispatcher.submit(new DialogRequest(null, SdStep.VA01_INITIAL, Clock.SYSTEM.nanoTime(), first));
            dispatcher.submit(new DialogRequest(null, SdStep.VA01_HEADER, Clock.SYSTEM.nanoTime(), second));
            assertEquals(
                    "db-error-bug", first.get(30, TimeUnit.SECONDS).outcome().kind());
            assertEquals("ok", second.get(30, TimeUnit.SECONDS).outcome().kind());
            assertTrue(wp.isAlive(), "a RuntimeException leaves the work process serving");
            dispatcher.submit(new DialogRequest(null, null, 0, null));
            wp.join(10_000);
            assertFalse(wp.isAlive());
        }
    }

    @Test
    void run_stepThrowsError_processEndsAndSupervisorReplacesIt() throws Exception {
        try (Database db = TestDb.open(TestDb.config("it_work_process"))) {
            SessionSource sessions = new SessionSource(
                    db.pool("wp-error", 3),
                    db.dialect(),
                    Clock.SYSTEM,
                    db.config().timeouts().maxOutage());
            Dispatcher dispatcher = new Dispatcher();
            AtomicInteger calls = new AtomicInteger();
            var runner = failingFirst(calls, () -> new StackOverflowError("an Error around the step"));
            List<Thread> started = new CopyOnWriteArrayList<>();
            var supervisor = new WorkProcessSupervisor("wp-test-", slot -> {
                started.add(Thread.currentThread());
                return new DialogWorkProcess(
                        dispatcher, sessions, new RollArea(16, Clock.SYSTEM), runner, Clock.SYSTEM);
            });
            supervisor.start(1);
            CompletableFuture<StepResult> first = new CompletableFuture<>();
            CompletableFuture<StepResult> second = new CompletableFuture<>();
            dispatcher.submit(new DialogRequest(null, SdStep.VA01_INITIAL, Clock.SYSTEM.nanoTime(), first));
            assertEquals(
                    "db-error-bug", first.get(30, TimeUnit.SECONDS).outcome().kind(), "the user still gets an answer");
            dispatcher.submit(new DialogRequest(null, SdStep.VA01_HEADER, Clock.SYSTEM.nanoTime(), second));
            assertEquals("ok", second.get(30, TimeUnit.SECONDS).outcome().kind(), "served by the replacement");
            assertEquals(1, supervisor.replaced());
            assertEquals(1, supervisor.alive(), "the dead process is gone, one replacement runs");
            assertEquals(2, started.size(), "a second work process was created");
            supervisor.stopping();
            dispatcher.submit(new DialogRequest(null, null, 0, null));
            assertTrue(supervisor.join(10_000));
        }
    }

    /** A runner whose first call throws (outside the step's own error handling: the last line of defence). */
    private static DialogWorkProcess.StepRunner failingFirst(
            AtomicInteger calls, Supplier<? extends Throwable> failure) {
        return new DialogWorkProcess.StepRunner() {
            @Override
            public StepOutcome run(DbSession session, DialogRequest request) {
                return StepOutcome.Ok.INSTANCE;
            }

            @Override
            public long enqueueNanos() {
                return 0;
            }

            @Override
            public long numberRangeNanos() {
                return 0;
            }

            @Override
            public long updateWaitNanos() {
                return 0;
            }

            @Override
            public long workNanos() {
                return 0;
            }

            @Override
            public byte[] userContext(DialogRequest request) {
                if (calls.incrementAndGet() == 1) {
                    Throwable t = failure.get();
                    if (t instanceof Error e) {
                        throw e;
                    }
                    throw (RuntimeException) t;
                }
                return new byte[16];
            }
        };
    }
}
