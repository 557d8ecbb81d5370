package org.sdbench.report;

import org.sdbench.measure.metrics.Components;

/**
 * One row of intervals.csv: a harvested interval with what was sampled at its end.
 *
 * @param endSeconds end of the interval in seconds since the run's start (ramp-up begins at 0)
 * @param seconds the interval's length
 * @param phase the phase the interval belongs to (ramp-up, measurement, ramp-down, done)
 * @param users users logged on at the interval's end
 * @param avg average ST03 components per successful step in the interval, ms
 * @param updateQueueMax longest update queue seen in the interval
 * @param updateQueue update queue length at the interval's end, all instances
 */
public record IntervalRow(
        long wallMillis,
        double endSeconds,
        double seconds,
        String phase,
        boolean inWindow,
        int users,
        long steps,
        long errors,
        double dsPerHour,
        double avgMs,
        double p95Ms,
        double maxMs,
        Components avg,
        long lineItems,
        long updates,
        long updateQueueMax,
        int updateQueue,
        double thinkLagP95Ms) {

    /** Start of the interval in seconds since the run's start. */
    public double startSeconds() {
        return endSeconds - seconds;
    }
}
