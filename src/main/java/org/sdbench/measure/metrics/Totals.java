package org.sdbench.measure.metrics;

import org.HdrHistogram.Histogram;

/** Accumulated measurements of one step type, a transaction or the whole loop; guarded by its owner. */
final class Totals {
    final Histogram histogram = Histograms.histogram();
    final long[] sums = new long[Sum.COUNT];

    void add(Histogram h, long[] s) {
        histogram.add(h);
        for (int i = 0; i < sums.length; i++) {
            sums[i] += s[i];
        }
    }

    void add(Totals other) {
        add(other.histogram, other.sums);
    }

    long get(Sum s) {
        return sums[s.ordinal()];
    }

    StepStats stats(String label) {
        // Failed steps count in every per-step average (response time, components, DB calls) and
        // only successful ones in StepStats.count(): throughput never credits a failure.
        long steps = get(Sum.STEPS) + get(Sum.ERRORS);
        Latency response = Latency.of(histogram, steps, get(Sum.RESPONSE_NS));
        Components avg = new Components(
                avgMs(Sum.WAIT_NS, steps),
                avgMs(Sum.ROLL_IN_NS, steps),
                avgMs(Sum.CPU_NS, steps),
                avgMs(Sum.DB_NS, steps),
                avgMs(Sum.ENQUEUE_NS, steps),
                avgMs(Sum.NUMBER_RANGE_NS, steps),
                avgMs(Sum.UPDATE_WAIT_NS, steps),
                avgMs(Sum.ROLL_OUT_NS, steps));
        double dbCalls = steps == 0 ? 0 : (double) get(Sum.DB_CALLS) / steps;
        double dbRows = steps == 0 ? 0 : (double) get(Sum.DB_ROWS) / steps;
        return new StepStats(label, get(Sum.ERRORS), get(Sum.LINE_ITEMS), response, avg, dbCalls, dbRows);
    }

    private double avgMs(Sum s, long steps) {
        return steps == 0 ? 0 : get(s) / 1e6 / steps;
    }
}
