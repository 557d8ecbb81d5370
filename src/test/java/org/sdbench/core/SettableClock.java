package org.sdbench.core;

/** A clock the test sets by hand; a sleep moves it to the deadline at once. */
public final class SettableClock implements Clock {
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
        now = Math.max(now, deadlineNanos);
    }

    public void set(long nanos) {
        now = nanos;
    }

    public void advance(long nanos) {
        now += nanos;
    }
}
