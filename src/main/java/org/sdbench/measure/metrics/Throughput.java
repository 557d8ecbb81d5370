package org.sdbench.measure.metrics;

/**
 * The benchmark's units as pure functions: a loop of 15 dialog steps handles 5 line items, and
 * 100 SAPS are 6,000 dialog steps or 2,000 line items per hour. "SAPS-like" because
 * nothing here is certified SAP benchmark output.
 */
public final class Throughput {

    public static final int DIALOG_STEPS_PER_LOOP = 15;
    public static final int LINE_ITEMS_PER_LOOP = 5;
    /** 100 SAPS = 6,000 dialog steps/h, so one SAPS = 60 DS/h. */
    public static final double DIALOG_STEPS_PER_HOUR_PER_SAPS = 60.0;
    /** 100 SAPS = 2,000 line items/h, so one SAPS = 20 line items/h. */
    public static final double LINE_ITEMS_PER_HOUR_PER_SAPS = 20.0;
    /** 15 dialog steps per 5 line items. */
    public static final double DIALOG_STEPS_PER_LINE_ITEM = 3.0;

    private Throughput() {}

    /** SAPS-like from dialog steps per hour: DS/h / 60. */
    public static double sapsLike(double dialogStepsPerHour) {
        return dialogStepsPerHour / DIALOG_STEPS_PER_HOUR_PER_SAPS;
    }

    /** SAPS-like from fully processed line items per hour: items/h / 20. */
    public static double sapsFromLineItemsPerHour(double lineItemsPerHour) {
        return lineItemsPerHour / LINE_ITEMS_PER_HOUR_PER_SAPS;
    }

    /** Line items that a number of dialog steps corresponds to (DS / 3); also works per hour. */
    public static double lineItemsPerHour(double dialogStepsPerHour) {
        return dialogStepsPerHour / DIALOG_STEPS_PER_LINE_ITEM;
    }

    /** Closed-loop throughput by Little's law: users * 3600 / (Z + R). */
    public static double expectedDialogStepsPerHour(long users, double thinkSeconds, double responseSeconds) {
        if (users < 0) {
            throw new IllegalArgumentException("users = " + users + " is not allowed: 0 or more");
        }
        if (!(thinkSeconds >= 0) || !(responseSeconds >= 0) || thinkSeconds + responseSeconds <= 0) {
            throw new IllegalArgumentException("think time " + thinkSeconds + " s and response time " + responseSeconds
                    + " s are not allowed: both >= 0 and their sum > 0");
        }
        return users * 3600.0 / (thinkSeconds + responseSeconds);
    }

    /** A count over a window, scaled to one hour; 0 for an empty window. */
    public static double perHour(long count, double windowSeconds) {
        return windowSeconds <= 0 ? 0 : count * 3600.0 / windowSeconds;
    }

    /**
     * Relative departure of measured from expected throughput: (measured - expected) / expected.
     * Clearly negative means the driver (or the app tier) fell behind the closed loop. 0 when
     * nothing was expected.
     */
    public static double littleLawDeviation(double measured, double expected) {
        return expected == 0 ? 0 : (measured - expected) / expected;
    }
}
