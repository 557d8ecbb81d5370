package org.sdbench.measure.metrics;

import java.util.List;
import java.util.Map;

/**
 * The measurement window's results: per step (loop order), per transaction, overall; throughput
 * derived by the {@link Throughput} definitions. {@code stuckUsers}: the users whose step was sent
 * before the window and still unanswered at its end (counted in the window as timeouts).
 */
public record Summary(
        double windowSeconds,
        List<StepStats> steps,
        List<StepStats> transactions,
        StepStats overall,
        Map<String, Long> errorsByKind,
        long orders,
        long deliveries,
        long invoices,
        Latency thinkLag,
        long lateSteps,
        UpdateStats update,
        List<Integer> stuckUsers) {

    /** A step started this much later than its think-time schedule counts as driver lag. */
    public static final double LATE_STEP_MS = 10;

    public Summary {
        steps = List.copyOf(steps);
        transactions = List.copyOf(transactions);
        errorsByKind = Map.copyOf(errorsByKind);
        // A result.json written before the field existed has none.
        stuckUsers = stuckUsers == null ? List.of() : List.copyOf(stuckUsers);
    }

    public double dialogStepsPerHour() {
        return Throughput.perHour(overall.count(), windowSeconds);
    }

    /** Fully processed line items (their loop reached a committed invoice) per hour. */
    public double lineItemsPerHour() {
        return Throughput.perHour(overall.lineItems(), windowSeconds);
    }

    /** SAPS-like by its definition: fully processed line items per hour / 20. */
    public double sapsLike() {
        return Throughput.sapsFromLineItemsPerHour(lineItemsPerHour());
    }

    /** SAPS-like from dialog steps (DS/h / 60); differs from {@link #sapsLike()} when loops fail. */
    public double sapsLikeFromDialogSteps() {
        return Throughput.sapsLike(dialogStepsPerHour());
    }

    public double ordersPerHour() {
        return Throughput.perHour(orders, windowSeconds);
    }

    public double deliveriesPerHour() {
        return Throughput.perHour(deliveries, windowSeconds);
    }

    public double invoicesPerHour() {
        return Throughput.perHour(invoices, windowSeconds);
    }
}
