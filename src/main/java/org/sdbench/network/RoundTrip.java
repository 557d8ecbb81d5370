package org.sdbench.network;

/**
 * Round-trip times of a probe: min/avg/max in milliseconds over {@code samples} exchanges, and the
 * average without the extremes (NIPING's {@code av2}), the figure to compare between runs.
 */
public record RoundTrip(int samples, double minMs, double avgMs, double maxMs, double avgWithoutExtremesMs) {
    /** From per-exchange nanoseconds (at least one). */
    public static RoundTrip of(long[] nanos) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long sum = 0;
        for (long n : nanos) {
            min = Math.min(min, n);
            max = Math.max(max, n);
            sum += n;
        }
        double avg2 = nanos.length > 2 ? (sum - min - max) / (double) (nanos.length - 2) : sum / (double) nanos.length;
        return new RoundTrip(nanos.length, min / 1e6, sum / 1e6 / nanos.length, max / 1e6, avg2 / 1e6);
    }
}
