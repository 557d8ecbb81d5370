package org.sdbench.appserver.workprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.appserver.dispatcher.DialogRequest;
import org.sdbench.appserver.dispatcher.Dispatcher;
import org.sdbench.db.Database;
import org.sdbench.db.DbSession;
import org.sdbench.load.TestDb;
import org.sdbench.metrics.Clock;
import org.sdbench.protocol.SdStep;

/** A work process answers every request and survives a failing step (a lost one would hang its users). */
class DialogWorkProcessTest {
    @Test
    void run_stepThrowsUnexpectedly_userGetsAnAnswerAndTheNextStepIsServed() throws Exception {
        try (Database db = TestDb.open(TestDb.config("it_work_process"))) {
            SessionSource sessions = new SessionSource(db.pool("wp-test", 2), db.dialect(), Clock.SYSTEM, db.config().timeouts().maxOutage());
            Dispatcher dispatcher = new Dispatcher();
            AtomicInteger calls = new AtomicInteger();
            var runner = new DialogWorkProcess.StepRunner() {
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
                    // Outside the step's own error handling: the work process's last line of defence.
                    if (calls.incrementAndGet() == 1) {
                        throw new IllegalStateException("a bug around the step");
                    }
                    return new byte[16];
                }
            };
            Thread wp = Thread.ofPlatform().start(new DialogWorkProcess(dispatcher, sessions, new RollArea(16, Clock.SYSTEM),
                    runner, Clock.SYSTEM));
            CompletableFuture<StepResult> first = new CompletableFuture<>();
            CompletableFuture<StepResult> second = new CompletableFuture<>();
            dispatcher.submit(new DialogRequest(null, SdStep.VA01_INITIAL, Clock.SYSTEM.nanoTime(), first));
            dispatcher.submit(new DialogRequest(null, SdStep.VA01_HEADER, Clock.SYSTEM.nanoTime(), second));
            assertEquals("db-error-bug", first.get(30, TimeUnit.SECONDS).outcome().kind());
            assertEquals("ok", second.get(30, TimeUnit.SECONDS).outcome().kind());
            dispatcher.submit(new DialogRequest(null, null, 0, null));
            wp.join(10_000);
        }
    }
}
