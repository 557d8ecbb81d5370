package org.sdbench.study.bench;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.function.IntPredicate;

/**
 * A figure judged against its target, printed with a fixed number of decimals. A figure just past
 * the limit must not print as the limit itself (a user reading "1.50x ... NOT MET" against a limit of
 * 1.5x cannot tell why), so where plain rounding would land on the wrong side of the limit, the
 * printed figure moves one last digit towards the side the exact figure is on.
 */
record Judged(String figure, boolean met) {

    /** Met when {@code value <= limit}. */
    static Judged atMost(double value, double limit, int decimals) {
        return of(value, limit, decimals, c -> c <= 0);
    }

    /** Met when {@code value < limit}. */
    static Judged below(double value, double limit, int decimals) {
        return of(value, limit, decimals, c -> c < 0);
    }

    /** Met when {@code value >= limit}. */
    static Judged atLeast(double value, double limit, int decimals) {
        return of(value, limit, decimals, c -> c >= 0);
    }

    /** "MET" or "NOT MET", as every target line ends. */
    String verdict() {
        return met ? "MET" : "NOT MET";
    }

    /** {@code passes} reads a comparison's sign, of the exact value and of the printed one alike; NaN never passes. */
    private static Judged of(double value, double limit, int decimals, IntPredicate passes) {
        boolean met = !Double.isNaN(value) && passes.test(Double.compare(value, limit));
        if (!Double.isFinite(value)) {
            return new Judged(Double.toString(value), met);
        }
        BigDecimal printed = BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP);
        if (passes.test(printed.compareTo(BigDecimal.valueOf(limit))) != met) {
            BigDecimal digit = BigDecimal.ONE.movePointLeft(decimals);
            printed = printed.add(value > limit ? digit : digit.negate());
        }
        return new Judged(printed.toPlainString(), met);
    }
}
