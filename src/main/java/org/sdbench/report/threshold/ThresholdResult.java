package org.sdbench.report.threshold;

/**
 * A threshold evaluated against a run's measurement window.
 *
 * @param actual the measured value in {@code unit}
 * @param limit the limit in {@code unit}
 */
public record ThresholdResult(String expression, String metric, String op, double limit, double actual, String unit,
                              boolean passed) {

    /** One line for humans, e.g. {@code PASS dialog.avg<1s (12.3 ms)}. */
    public String describe() {
        return (passed ? "PASS " : "FAIL ") + expression + "  (measured " + Threshold.format(actual, unit) + ", limit "
                + op + " " + Threshold.format(limit, unit) + ")";
    }
}
