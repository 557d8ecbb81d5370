package org.sdbench.apptier.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.StepCodec;
import org.sdbench.protocol.wire.WireServer;

/**
 * The driver's side of three-tier dialog steps against a scripted central services and app server
 * on loopback: a step sent without a thread is answered on the connection's reader thread, and a
 * failed step's abandon, sent from there, neither blocks that thread nor lets the user's next
 * request overtake it.
 */
class RemoteDialogServiceTest {
    private static final int USER = 7;

    /** Frames the scripted app server received, in order, with what it had answered by then. */
    private final List<String> seen = new CopyOnWriteArrayList<>();

    private final CountDownLatch releaseAbandon = new CountDownLatch(1);
    private final CountDownLatch firstSent = new CountDownLatch(1);
    private final AtomicBoolean abandonAnswered = new AtomicBoolean();
    private final AtomicInteger steps = new AtomicInteger();
    private ScriptedTier tier;
    private RemoteDialogService service;

    @BeforeEach
    void start() {
        tier = new ScriptedTier(this::appServer, USER);
        service = tier.service();
    }

    @AfterEach
    void stop() {
        tier.close();
    }

    /** The first step fails with a lock conflict, later ones succeed; an abandon is answered when the test says. */
    private void appServer(WireServer.Connection c, Frame f) {
        switch (f.type()) {
            case FrameType.STEP -> {
                seen.add("STEP after abandon answered=" + abandonAnswered.get());
                boolean first = steps.getAndIncrement() == 0;
                StepOutcome outcome =
                        first ? new StepOutcome.LockConflict("VBAK", "1", "user 8") : new StepOutcome.Ok();
                StepResult r = new StepResult(SdStep.LOOP.get(0), outcome, StepTimes.ZERO, 0);
                // The first answer comes once sendStep has returned: the answer it watches for is then
                // handled where answers are (an answer before that would be handled by the caller).
                Thread.ofVirtual().start(() -> {
                    try {
                        if (!first || firstSent.await(30, TimeUnit.SECONDS)) {
                            c.reply(f, FrameType.STEP_RESULT, StepCodec.encode(r, 1_000));
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            case FrameType.ABANDON -> {
                seen.add("ABANDON");
                // Answered from another thread, as the app server answers control frames.
                Thread.ofVirtual().start(() -> {
                    try {
                        if (releaseAbandon.await(30, TimeUnit.SECONDS)) {
                            abandonAnswered.set(true);
                            c.reply(f, FrameType.OK, Control.EMPTY);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            default -> {
                seen.add(f.type().toString());
                c.reply(f, FrameType.OK, Control.EMPTY);
            }
        }
    }

    @Test
    void sendStep_failedStepAbandonedOnTheReaderThread_readerGoesOnAndTheNextStepWaitsForTheAbandon() throws Exception {
        service.logon(USER);
        CompletableFuture<StepResult> first = new CompletableFuture<>();
        AtomicBoolean onCaller = new AtomicBoolean();
        Thread caller = Thread.currentThread();
        boolean sent = service.sendStep(USER, SdStep.LOOP.get(0), r -> {
            onCaller.set(Thread.currentThread() == caller);
            // What VirtualUser does with a failed answer, on the thread that delivers it.
            service.abandonLoop(USER);
            first.complete(r);
        });
        firstSent.countDown();
        assertTrue(sent, "a logged-on user's step on a live connection goes out without a thread");
        StepResult failed = first.get(10, TimeUnit.SECONDS);
        assertEquals("LockConflict", failed.outcome().getClass().getSimpleName());
        assertFalse(onCaller.get(), "the answer is handled on the connection's reader thread");

        assertFalse(
                service.sendStep(USER, SdStep.LOOP.get(0), r -> {}),
                "with its abandon unanswered, the user's next step needs a thread that can wait");
        CompletableFuture<StepResult> second = new CompletableFuture<>();
        Thread next = Thread.ofVirtual().start(() -> {
            try {
                second.complete(service.dialogStep(USER, SdStep.LOOP.get(0)));
            } catch (InterruptedException e) {
                second.completeExceptionally(e);
            }
        });
        long bound = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (next.getState() != Thread.State.WAITING && System.nanoTime() < bound) {
            Thread.onSpinWait();
        }
        assertEquals(Thread.State.WAITING, next.getState(), "the next step waits for the abandon");
        releaseAbandon.countDown();
        StepResult ok = second.get(10, TimeUnit.SECONDS);
        assertTrue(ok.outcome().ok(), ok.outcome().toString());
        assertEquals(
                List.of(
                        "RUN_SETTINGS",
                        "LOGON",
                        "STEP after abandon answered=false",
                        "ABANDON",
                        "STEP after abandon answered=true"),
                seen);
    }
}
