package org.sdbench.apptier.instance.transaction;

import java.util.concurrent.atomic.AtomicLong;
import org.sdbench.core.Clock;

/**
 * Real time plus an offset the test moves: bounded waits still pass in real time, while back-offs
 * and age limits are crossed by {@link #advance} instead of waiting them out.
 */
final class ShiftClock implements Clock {
    private final AtomicLong offsetNanos = new AtomicLong();

    void advance(long nanos) {
        offsetNanos.addAndGet(nanos);
    }

    @Override
    public long nanoTime() {
        return System.nanoTime() + offsetNanos.get();
    }

    @Override
    public long wallMillis() {
        return System.currentTimeMillis() + offsetNanos.get() / 1_000_000;
    }

    @Override
    public void sleepUntil(long deadlineNanos) {
        long left = deadlineNanos - nanoTime();
        if (left > 0) {
            advance(left);
        }
    }
}
