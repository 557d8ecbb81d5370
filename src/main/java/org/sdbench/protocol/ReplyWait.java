package org.sdbench.protocol;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * A bounded wait for the reply to a request (a dialog step's answer, a wire reply) without a timer
 * per wait. A timed {@code get} on a virtual thread hands a timeout task to the JDK's delay
 * scheduler and cancels it when the reply comes: two hand-offs to another thread for every dialog
 * step, about a quarter of the driver's CPU per step. Here the wait itself is untimed, and one
 * platform thread fails the replies whose deadline has passed, looking every scan period: a wait
 * ends with {@link TimeoutException} within its timeout plus one period, as before.
 */
public final class ReplyWait {
    /** How often the shared instance looks for overdue replies: the precision of every bound. */
    static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private static final ReplyWait SHARED = new ReplyWait(System::nanoTime, true);

    /** What an overdue reply completes with; the waiter turns it into a plain {@link TimeoutException}. */
    private static final class Overdue extends TimeoutException {
        Overdue() {
            super("no reply within the bound");
        }
    }

    private final LongSupplier clock;
    private final Map<CompletableFuture<?>, Long> deadlines = new ConcurrentHashMap<>();

    /** @param scanning false for an instance that only scans when a test calls {@link #expire}. */
    ReplyWait(LongSupplier clock, boolean scanning) {
        this.clock = clock;
        if (scanning) {
            // A daemon: it holds nothing and must not keep a finished process alive.
            Thread.ofPlatform().daemon().name("sdbench-reply-watch").start(this::loop);
        }
    }

    /** The process-wide instance. */
    public static ReplyWait shared() {
        return SHARED;
    }

    /**
     * The reply, waiting at most {@code timeoutNanos} (plus one scan period). A reply that is
     * already there costs no registration.
     *
     * @throws TimeoutException   the bound passed; the future is then completed exceptionally, so a late
     *                            reply is dropped
     * @throws ExecutionException the request failed
     */
    public <T> T get(CompletableFuture<T> reply, long timeoutNanos)
            throws InterruptedException, ExecutionException, TimeoutException {
        if (!reply.isDone()) {
            deadlines.put(reply, clock.getAsLong() + timeoutNanos);
        }
        try {
            return reply.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Overdue) {
                throw new TimeoutException("no reply within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms");
            }
            throw e;
        } finally {
            deadlines.remove(reply);
        }
    }

    /**
     * Bounds a reply that nobody waits for on a thread (its answer is handled where it arrives):
     * once {@code timeoutNanos} (plus one scan period) passed without it, the future completes
     * exceptionally, which {@link #isOverdue} recognises.
     */
    public void watch(CompletableFuture<?> reply, long timeoutNanos) {
        if (!reply.isDone()) {
            deadlines.put(reply, clock.getAsLong() + timeoutNanos);
            reply.whenComplete((r, e) -> deadlines.remove(reply));
        }
    }

    /** Whether a reply failed because its bound passed (rather than for a reason of its own). */
    public static boolean isOverdue(Throwable failure) {
        Throwable t = failure instanceof java.util.concurrent.CompletionException c ? c.getCause() : failure;
        return t instanceof Overdue;
    }

    /** Waits in progress. */
    int waiting() {
        return deadlines.size();
    }

    private void loop() {
        while (true) {
            LockSupport.parkNanos(PERIOD_NANOS);
            expire(clock.getAsLong());
        }
    }

    /** Fails every reply whose deadline lies before {@code now}; visible for tests. */
    void expire(long now) {
        deadlines.forEach((reply, deadline) -> {
            if (deadline - now < 0) {
                reply.completeExceptionally(new Overdue());
            }
        });
    }
}
