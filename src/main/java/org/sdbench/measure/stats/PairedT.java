package org.sdbench.measure.stats;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.TTest;

/**
 * Student's t on paired differences: the log ratios of a figure (alternative / baseline) or its plain
 * differences, one per pair. Each pair is one sample, so the spread is the one between pairs, where
 * the run-to-run noise lives; what both sides of a pair share (a slow round) cancels out.
 *
 * @param n    pairs
 * @param mean mean difference
 * @param sd   standard deviation of the differences (0 when fewer than 2)
 */
public record PairedT(int n, double mean, double sd) {
    public PairedT {
        if (n < 1) {
            throw new IllegalArgumentException("a paired test needs 1 or more pairs, not " + n);
        }
    }

    /** The test of these differences (at least one). */
    public static PairedT of(double[] differences) {
        int n = differences.length;
        if (n == 0) {
            throw new IllegalArgumentException("a paired test needs 1 or more pairs, not 0");
        }
        double sd = n < 2 ? 0 : Math.sqrt(Variance.of(differences).getAsDouble());
        return new PairedT(n, Mean.of(differences).getAsDouble(), sd);
    }

    /** True when there are 2 or more pairs: a spread, so an interval and a test. */
    public boolean testable() {
        return n >= 2;
    }

    /** Half the width of the two-sided interval at confidence 1 - alpha; NaN below 2 pairs. */
    public double halfWidth(double alpha) {
        if (!testable()) {
            return Double.NaN;
        }
        return sd == 0 ? 0 : RatioEstimate.tQuantile(n - 1, 1 - alpha / 2) * sd / Math.sqrt(n);
    }

    /** Two-sided p-value of "the mean difference is 0"; NaN below 2 pairs. */
    public double pValue() {
        if (!testable()) {
            return Double.NaN;
        }
        if (sd == 0) {
            // The same difference in every pair: a counter the change moves exactly, or not at all.
            return mean == 0 ? 1 : 0;
        }
        return TTest.withDefaults().test(mean, sd * sd, n).getPValue();
    }

    /**
     * Two one-sided tests (TOST) of "the mean difference lies outside [lower, upper]": the larger of
     * the p-values of "at most lower" (against "above it") and "at least upper" (against "below it").
     * A small p-value shows the difference is inside the margin. NaN below 2 pairs.
     */
    public double equivalenceP(double lower, double upper) {
        if (!testable()) {
            return Double.NaN;
        }
        if (sd == 0) {
            return mean > lower && mean < upper ? 0 : 1;
        }
        double above = TTest.withDefaults()
                .withMu(lower)
                .with(AlternativeHypothesis.GREATER_THAN)
                .test(mean, sd * sd, n)
                .getPValue();
        double below = TTest.withDefaults()
                .withMu(upper)
                .with(AlternativeHypothesis.LESS_THAN)
                .test(mean, sd * sd, n)
                .getPValue();
        return Math.max(above, below);
    }

    /**
     * The smallest true mean difference this many pairs, with this spread, detect with probability
     * {@code power} by a two-sided test at level {@code alpha}: (t(1 - alpha/2) + t(power)) * sd / sqrt(n),
     * Student's t with n - 1 degrees of freedom. NaN below 2 pairs.
     */
    public double detectable(double alpha, double power) {
        if (!testable()) {
            return Double.NaN;
        }
        int df = n - 1;
        return (RatioEstimate.tQuantile(df, 1 - alpha / 2) + RatioEstimate.tQuantile(df, power)) * sd / Math.sqrt(n);
    }
}
