package org.sdbench.measure.metrics;

import org.HdrHistogram.Histogram;

/**
 * A latency distribution in milliseconds. Percentiles and max come from an HdrHistogram (3
 * significant digits); the average is exact where a sum was kept.
 */
public record Latency(long count, double avgMs, double p50Ms, double p90Ms, double p95Ms, double p99Ms, double maxMs) {

    public static final Latency EMPTY = new Latency(0, 0, 0, 0, 0, 0, 0);

    /** From a microsecond histogram and an exact nanosecond sum over {@code count} values. */
    static Latency of(Histogram us, long count, long sumNs) {
        if (count == 0 || us.getTotalCount() == 0) {
            return EMPTY;
        }
        return new Latency(
                count,
                sumNs / 1e6 / count,
                ms(us.getValueAtPercentile(50)),
                ms(us.getValueAtPercentile(90)),
                ms(us.getValueAtPercentile(95)),
                ms(us.getValueAtPercentile(99)),
                ms(us.getMaxValue()));
    }

    /** From a microsecond histogram alone (its mean is within the histogram's precision). */
    static Latency of(Histogram us) {
        long n = us.getTotalCount();
        return n == 0 ? EMPTY : of(us, n, Math.round(us.getMean() * 1_000 * n));
    }

    private static double ms(long micros) {
        return micros / 1_000.0;
    }
}
