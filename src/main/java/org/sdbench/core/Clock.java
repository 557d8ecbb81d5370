package org.sdbench.core;

import java.time.Duration;

/**
 * The time source of a run. Injected everywhere timing decisions are made so that scheduling and
 * phase logic can be tested without sleeping.
 */
public interface Clock {
    /** Monotonic time in nanoseconds (origin arbitrary). */
    long nanoTime();

    /** Wall-clock time in milliseconds since the epoch, for timestamps in reports. */
    long wallMillis();

    /** Blocks the calling (virtual) thread until {@link #nanoTime()} reaches the deadline. */
    void sleepUntil(long deadlineNanos) throws InterruptedException;

    Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public long wallMillis() {
            return System.currentTimeMillis();
        }

        @Override
        public void sleepUntil(long deadlineNanos) throws InterruptedException {
            long left = deadlineNanos - System.nanoTime();
            if (left > 0) {
                Thread.sleep(Duration.ofNanos(left));
            } else if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    };
}
