package org.sdbench.measure.metrics;

import java.util.concurrent.atomic.AtomicLong;
import org.sdbench.core.Clock;

/** A test clock that only moves when told to, or by a fixed step on every read. */
public final class StepClock implements Clock {
    private final AtomicLong now = new AtomicLong();
    private final long stepPerRead;

    public StepClock(long stepPerRead) {
        this.stepPerRead = stepPerRead;
    }

    public void advance(long nanos) {
        now.addAndGet(nanos);
    }

    @Override
    public long nanoTime() {
        return now.getAndAdd(stepPerRead);
    }

    @Override
    public long wallMillis() {
        return 1_700_000_000_000L + now.get() / 1_000_000;
    }

    @Override
    public void sleepUntil(long deadlineNanos) {
        now.accumulateAndGet(deadlineNanos, Math::max);
    }
}
