package org.sdbench.network;

import org.sdbench.core.Clock;

/** A clock the test moves by hand. */
final class ManualClock implements Clock {
    private volatile long now;

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public long wallMillis() {
        return now / 1_000_000;
    }

    @Override
    public void sleepUntil(long deadlineNanos) {
        throw new UnsupportedOperationException("the manual clock is for code that only reads time");
    }

    void advance(long nanos) {
        now += nanos;
    }
}
