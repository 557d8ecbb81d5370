package org.sdbench.report;

import java.util.Locale;

/**
 * A threshold evaluated against a run's measurement window.
 *
 * @param actual the measured value in {@code unit}
 * @param limit the limit in {@code unit}
 */
public record ThresholdResult(
        String expression, String metric, String op, double limit, double actual, String unit, boolean passed) {

    /** One line for humans, e.g. {@code PASS dialog.avg<1s (12.3 ms)}. */
    public String describe() {
        return (passed ? "PASS " : "FAIL ") + expression + "  (measured " + format(actual, unit) + ", limit " + op + " "
                + format(limit, unit) + ")";
    }

    /** A measured value or limit with its unit, trailing zeros dropped. */
    public static String format(double v, String unit) {
        String n = v == Math.rint(v) && Math.abs(v) < 1e15
                ? String.format(Locale.ROOT, "%,.0f", v)
                : String.format(Locale.ROOT, "%,.3f", v).replaceAll("0+$", "");
        return unit.isEmpty() ? n : n + " " + unit;
    }
}
