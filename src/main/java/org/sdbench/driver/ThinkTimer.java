package org.sdbench.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.sdbench.core.Clock;

/**
 * The users between their turns: thinking, or waiting for their log-on slot. One heap ordered by
 * due time and one platform thread that sleeps until the earliest user is due, then sends the
 * step of every user that is due ({@link VirtualUser#sendStep}) or, where that cannot be done
 * without blocking, starts its turn through {@code turns} (a new virtual thread each); the answer
 * or the turn puts the user back in line, or reports it ended. Compared with one
 * sleeping virtual thread per user, a thinking user costs a heap slot instead of a parked
 * continuation's stack chunks, and a step costs one wake-up (the timer's) instead of two (the
 * sleeping thread's timer, then its carrier).
 */
final class ThinkTimer implements Runnable {
    /** The longest the timer thread waits without looking again (every wait bounded). */
    static final long MAX_WAIT_NANOS = 1_000_000_000L;

    private final Clock clock;
    private final Executor turns;
    private final Runnable onEnded;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Earliest due first; equal times by user number, so the order never depends on arrival. */
    private final PriorityQueue<VirtualUser> waiting = new PriorityQueue<>(ThinkTimer::earlier);

    private boolean draining;
    private boolean closed;

    /**
     * @param turns   runs each turn (a new virtual thread in a run; inline in a test)
     * @param onEnded called once for each user that ended (logged off, or never logged on)
     */
    ThinkTimer(Clock clock, Executor turns, Runnable onEnded) {
        this.clock = clock;
        this.turns = turns;
        this.onEnded = onEnded;
    }

    /**
     * The heap's order in one call: a comparator composed of key extractors costs two more interface
     * calls per comparison, a dozen comparisons per step at 50 users.
     */
    private static int earlier(VirtualUser a, VirtualUser b) {
        int byDue = Long.compare(a.due(), b.due());
        return byDue != 0 ? byDue : Integer.compare(a.userNo(), b.userNo());
    }

    /** Puts the user in line for its next turn, at {@link VirtualUser#due()}. */
    void schedule(VirtualUser user) {
        lock.lock();
        try {
            waiting.add(user);
            if (waiting.peek() == user || draining) {
                changed.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /** From now on every user, waiting or yet to come, is due at once: the run is stopping. */
    void drain() {
        lock.lock();
        try {
            draining = true;
            changed.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Ends the timer thread; users still waiting are not woken any more. */
    void close() {
        lock.lock();
        try {
            closed = true;
            changed.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Users waiting for a turn. */
    int waiting() {
        lock.lock();
        try {
            return waiting.size();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Moves the users due at {@code now} (all of them when draining) to {@code into}, earliest first,
     * and returns when the next remaining user is due ({@link Long#MAX_VALUE} when none waits).
     */
    long takeDue(long now, List<VirtualUser> into) {
        lock.lock();
        try {
            VirtualUser u;
            while ((u = waiting.peek()) != null && (draining || u.due() <= now)) {
                into.add(waiting.poll());
            }
            return u == null ? Long.MAX_VALUE : u.due();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void run() {
        List<VirtualUser> batch = new ArrayList<>();
        try {
            while (awaitDue(batch)) {
                launch(batch);
            }
        } catch (InterruptedException e) {
            // Only the driver interrupts this thread, to end it; the users left waiting are its concern.
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Starts the turns of the users due at {@code now} and returns when the next remaining user is
     * due ({@link Long#MAX_VALUE} when none waits): what the timer thread does at each wake-up, for
     * a caller that keeps time itself.
     */
    long launchDue(long now) {
        List<VirtualUser> batch = new ArrayList<>();
        takeDue(now, batch);
        launch(batch);
        return earliest();
    }

    private long earliest() {
        lock.lock();
        try {
            VirtualUser u = waiting.peek();
            return u == null ? Long.MAX_VALUE : u.due();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Outside the lock: finishing turns put their users back meanwhile. A plain step goes out from
     * here where the service answers asynchronously, and its answer puts the user back: no thread
     * is started or woken for it. Anything else is a turn on its own thread.
     */
    private void launch(List<VirtualUser> batch) {
        for (VirtualUser u : batch) {
            if (!u.sendStep(this::schedule)) {
                turns.execute(() -> turn(u));
            }
        }
        batch.clear();
    }

    private void turn(VirtualUser u) {
        long due = VirtualUser.DONE;
        try {
            due = u.turn();
        } finally {
            if (due == VirtualUser.DONE) {
                onEnded.run();
            } else {
                schedule(u);
            }
        }
    }

    /** Blocks until some user is due and moves those to {@code batch}; false once closed. */
    private boolean awaitDue(List<VirtualUser> batch) throws InterruptedException {
        lock.lock();
        try {
            while (!closed) {
                long next = takeDue(clock.nanoTime(), batch);
                if (!batch.isEmpty()) {
                    return true;
                }
                long wait = Math.min(next - clock.nanoTime(), MAX_WAIT_NANOS);
                if (wait > 0) {
                    changed.awaitNanos(wait);
                }
            }
            return false;
        } finally {
            lock.unlock();
        }
    }
}
