package org.sdbench.protocol;

import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 *
 * <p>Registering is one append to a lock-free queue, and nothing is removed when the reply comes:
 * the scan drops answered and abandoned waits as it passes them, so a step costs neither a hash of
 * its future (an identity hash is a call into the VM the first time) nor a map insert and removal.
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

    /** One bounded wait; {@code active} is cleared by a waiter that stopped waiting. */
    private static final class Watch {
        final CompletableFuture<?> reply;
        final long deadline;
        volatile boolean active = true;

        Watch(CompletableFuture<?> reply, long deadline) {
            this.reply = reply;
            this.deadline = deadline;
        }

        boolean pending() {
            return active && !reply.isDone();
        }
    }

    private final LongSupplier clock;
    private final ConcurrentLinkedQueue<Watch> watches = new ConcurrentLinkedQueue<>();

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
        Watch w = null;
        if (!reply.isDone()) {
            w = new Watch(reply, clock.getAsLong() + timeoutNanos);
            watches.add(w);
        }
        try {
            return reply.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Overdue) {
                throw new TimeoutException("no reply within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms");
            }
            throw e;
        } finally {
            if (w != null) {
                w.active = false;
            }
        }
    }

    /**
     * Bounds a reply that nobody waits for on a thread (its answer is handled where it arrives):
     * once {@code timeoutNanos} (plus one scan period) passed without it, the future completes
     * exceptionally, which {@link #isOverdue} recognises.
     */
    public void watch(CompletableFuture<?> reply, long timeoutNanos) {
        if (!reply.isDone()) {
            watches.add(new Watch(reply, clock.getAsLong() + timeoutNanos));
        }
    }

    /** Whether a reply failed because its bound passed (rather than for a reason of its own). */
    public static boolean isOverdue(Throwable failure) {
        Throwable t = failure instanceof CompletionException c ? c.getCause() : failure;
        return t instanceof Overdue;
    }

    /** Waits in progress: registered, not answered, not abandoned. */
    int waiting() {
        int n = 0;
        for (Watch w : watches) {
            if (w.pending()) {
                n++;
            }
        }
        return n;
    }

    /** Waits the queue still holds, ended ones the scan has not passed yet included; visible for tests. */
    int registered() {
        return watches.size();
    }

    private void loop() {
        while (true) {
            LockSupport.parkNanos(PERIOD_NANOS);
            expire(clock.getAsLong());
        }
    }

    /** Fails every pending reply whose deadline lies before {@code now} and drops the waits that ended; visible for tests. */
    void expire(long now) {
        for (Iterator<Watch> it = watches.iterator(); it.hasNext(); ) {
            Watch w = it.next();
            if (!w.pending()) {
                it.remove();
            } else if (w.deadline - now < 0) {
                w.reply.completeExceptionally(new Overdue());
                it.remove();
            }
        }
    }
}
