package org.sdbench.measure.metrics;

/**
 * Measurement-window figures for one step type, one transaction, or all steps. Response time,
 * components and DB calls per step cover every dialog step, failed ones included (a user waited
 * for them too); {@link #count()} and the throughput built on it credit successful steps only.
 */
public record StepStats(
        String label,
        long errors,
        long lineItems,
        Latency response,
        Components avg,
        double dbCallsPerStep,
        double dbRowsPerStep) {

    /** Successful dialog steps ({@code response} also counts the {@code errors}). */
    public long count() {
        return response.count() - errors;
    }
}
