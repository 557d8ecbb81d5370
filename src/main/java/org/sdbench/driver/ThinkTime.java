package org.sdbench.driver;

import java.time.Duration;
import java.util.SplittableRandom;

/** The user's pause after each answer: fixed as in the benchmark, or with seeded uniform jitter. */
public record ThinkTime(long nanos, double jitter) {

    public static ThinkTime of(Duration think, double jitter) {
        return new ThinkTime(think.toNanos(), jitter);
    }

    public long next(SplittableRandom random) {
        if (jitter == 0 || nanos == 0) {
            return nanos;
        }
        double f = 1 + jitter * (2 * random.nextDouble() - 1);
        return (long) (nanos * f);
    }
}
