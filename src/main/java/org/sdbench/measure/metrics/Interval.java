package org.sdbench.measure.metrics;

import org.sdbench.core.Clock;

/**
 * Everything recorded between two harvests: one row of the per-interval time series.
 *
 * @param startNanos {@link Clock#nanoTime()} at the previous harvest
 * @param endNanos {@link Clock#nanoTime()} at this harvest
 * @param wallMillis wall clock at this harvest, for the CSV
 * @param inWindow whether this span was added to the measurement window
 * @param steps successful dialog steps
 * @param updateQueueMax longest update queue seen in the span
 * @param errors failed dialog steps; their response times count in {@code avgMs} and {@code avg}
 * @param avg average ST03 components per dialog step in the span (all steps together, failed ones included)
 */
public record Interval(
        long startNanos,
        long endNanos,
        long wallMillis,
        boolean inWindow,
        long steps,
        long errors,
        double avgMs,
        double p95Ms,
        double maxMs,
        long lineItems,
        long updates,
        long updateQueueMax,
        double thinkLagP95Ms,
        Components avg) {

    static final Components NO_COMPONENTS = new Components(0, 0, 0, 0, 0, 0, 0, 0);

    /** {@code avg} null: no component breakdown (an interval built by hand). */
    public Interval {
        avg = avg == null ? NO_COMPONENTS : avg;
    }

    public double seconds() {
        return (endNanos - startNanos) / 1e9;
    }

    public double dialogStepsPerHour() {
        return Throughput.perHour(steps, seconds());
    }
}
