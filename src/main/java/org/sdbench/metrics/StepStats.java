package org.sdbench.metrics;

/**
 * Measurement-window figures for one step type, one transaction, or all steps. Response time and
 * components cover successful steps; failed steps are counted in {@code errors} only.
 */
public record StepStats(
        String label,
        long errors,
        long lineItems,
        Latency response,
        Components avg,
        double dbCallsPerStep) {

    /** Successful dialog steps. */
    public long count() {
        return response.count();
    }
}
