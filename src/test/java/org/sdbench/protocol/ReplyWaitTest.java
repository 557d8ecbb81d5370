package org.sdbench.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The bound on a reply holds without a timer per wait; a reply in time is never failed. */
class ReplyWaitTest {
    private final AtomicLong now = new AtomicLong(1_000);
    private final ReplyWait wait = new ReplyWait(now::get, false);

    @Test
    void get_replyAlreadyThere_returnsItWithoutRegistering() throws Exception {
        assertEquals("ok", wait.get(CompletableFuture.completedFuture("ok"), 10));
        assertEquals(0, wait.waiting());
    }

    @Test
    void get_deadlinePassesWhileWaiting_timeoutAndLateReplyDropped() throws Exception {
        CompletableFuture<String> reply = new CompletableFuture<>();
        CompletableFuture<Throwable> outcome = waitOnVirtualThread(reply, 500);
        awaitRegistered();

        wait.expire(1_000 + 499);
        assertFalse(reply.isDone(), "not yet overdue");
        wait.expire(1_000 + 501);

        assertInstanceOf(TimeoutException.class, outcome.get());
        assertFalse(reply.complete("late"), "the reply was failed, a late answer is dropped");
        assertEquals(0, wait.waiting());
    }

    @Test
    void get_replyBeforeDeadline_valueAndNothingLeftToExpire() throws Exception {
        CompletableFuture<String> reply = new CompletableFuture<>();
        CompletableFuture<Throwable> outcome = waitOnVirtualThread(reply, 500);
        awaitRegistered();

        reply.complete("answer");
        assertEquals(null, outcome.get(), "no failure");
        wait.expire(Long.MAX_VALUE / 2);
        assertEquals("answer", reply.getNow(null));
        assertEquals(0, wait.waiting());
    }

    @Test
    void watch_replyAnswered_droppedByTheNextScanAndNeverFailed() {
        CompletableFuture<String> reply = new CompletableFuture<>();
        wait.watch(reply, 500);
        assertEquals(1, wait.waiting());

        reply.complete("answer");
        assertEquals(0, wait.waiting());
        wait.expire(1_000 + 10);

        assertEquals(0, wait.registered(), "nothing kept for an answered reply");
        wait.expire(Long.MAX_VALUE / 2);
        assertEquals("answer", reply.getNow(null));
    }

    @Test
    void watch_noReplyPastDeadline_failedAsOverdue() {
        CompletableFuture<String> reply = new CompletableFuture<>();
        wait.watch(reply, 500);

        wait.expire(1_000 + 501);

        ExecutionException e = assertThrows(ExecutionException.class, reply::get);
        assertTrue(ReplyWait.isOverdue(e.getCause()), String.valueOf(e.getCause()));
        assertEquals(0, wait.registered());
    }

    @Test
    void get_waiterInterrupted_replyLeftAloneAfterItsDeadline() throws Exception {
        CompletableFuture<String> reply = new CompletableFuture<>();
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread waiter = Thread.ofVirtual().start(() -> {
            try {
                wait.get(reply, 500);
                outcome.complete(null);
            } catch (Exception e) {
                outcome.complete(e);
            }
        });
        awaitRegistered();

        waiter.interrupt();
        assertInstanceOf(InterruptedException.class, outcome.get());
        wait.expire(1_000 + 501);

        assertFalse(reply.isDone(), "a wait that ended is no longer bounded");
        assertEquals(0, wait.registered());
    }

    @Test
    void get_requestFails_executionExceptionWithTheCause() {
        CompletableFuture<String> reply = CompletableFuture.failedFuture(new IllegalStateException("gone"));
        ExecutionException e = assertThrows(ExecutionException.class, () -> wait.get(reply, 500));
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    @Test
    void shared_waitPastItsBound_endsWithinOneScanPeriod() {
        // The real scanning thread: the bound holds with nothing but the clock moving.
        long start = System.nanoTime();
        assertThrows(
                TimeoutException.class,
                () -> ReplyWait.shared()
                        .get(new CompletableFuture<>(), Duration.ofMillis(20).toNanos()));
        long took = System.nanoTime() - start;
        assertTrue(took >= Duration.ofMillis(20).toNanos(), "not before its bound");
        assertTrue(took < Duration.ofSeconds(5).toNanos(), "ended by the watch: " + took / 1_000_000 + " ms");
    }

    /** Waits for the reply on a virtual thread; completes with the failure, or null for a value. */
    private CompletableFuture<Throwable> waitOnVirtualThread(CompletableFuture<String> reply, long timeoutNanos) {
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try {
                wait.get(reply, timeoutNanos);
                outcome.complete(null);
            } catch (Exception e) {
                outcome.complete(e);
            }
        });
        return outcome;
    }

    private void awaitRegistered() {
        while (wait.waiting() == 0) {
            Thread.onSpinWait();
        }
    }
}
