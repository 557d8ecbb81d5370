package org.sdbench.network;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.sdbench.core.Clock;

/**
 * The "network cut" switch shared by all links of a relay: while closed, no byte is forwarded and no
 * new connection reaches the target; a cut ends on {@link #open()} or when its bound passes.
 */
final class Gate {
    private final Clock clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Clock time at which the current cut ends; {@code Long.MIN_VALUE} when open. */
    private volatile long reopenAt = Long.MIN_VALUE;

    Gate(Clock clock) {
        this.clock = clock;
    }

    /** Closes the gate for at most {@code nanos} (or until {@link #open()}); {@code Long.MAX_VALUE} = until opened. */
    void close(long nanos) {
        lock.lock();
        try {
            long now = clock.nanoTime();
            reopenAt = nanos >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + nanos;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    void open() {
        lock.lock();
        try {
            reopenAt = Long.MIN_VALUE;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    boolean isOpen() {
        return reopenAt == Long.MIN_VALUE || clock.nanoTime() >= reopenAt;
    }

    /** Returns at once when open; otherwise blocks until opened, the cut's bound, or interruption (relay closed). */
    void awaitOpen() throws InterruptedException {
        if (reopenAt == Long.MIN_VALUE) {
            return;
        }
        lock.lockInterruptibly();
        try {
            while (!isOpen()) {
                long left = reopenAt - clock.nanoTime();
                if (reopenAt == Long.MAX_VALUE) {
                    changed.await();
                } else {
                    changed.await(left, TimeUnit.NANOSECONDS);
                }
            }
        } finally {
            lock.unlock();
        }
    }
}
