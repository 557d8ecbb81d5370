package org.sdbench.measure.stats;

import java.util.OptionalInt;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;

/**
 * How many pairs a paired t test needs to detect a given mean difference: the smallest n whose
 * minimum detectable effect, (t(1 - alpha/2, n - 1) + t(power, n - 1)) * sd / sqrt(n), is at most
 * the difference (the same MDE as {@link PairedT#detectable}).
 *
 * <p>The spread comes from a pilot, and a pilot of a few pairs often underestimates it: planned
 * from its SD as measured, about a third of the experiments end up with too few pairs and the power
 * falls below the one planned. {@link #upperSd} gives the SD's one-sided upper confidence bound
 * (chi-squared, Browne 1995): planned from its 80 % bound, the planned power is reached in at least
 * 80 % of the pilots.
 */
public final class RoundsNeeded {
    /** More pairs than this are not a plan. */
    public static final int MOST = 10_000;

    /** The confidence of the SD bound a plan uses. */
    public static final double SD_CONFIDENCE = 0.80;

    private RoundsNeeded() {}

    /** The MDE of n pairs with this spread at a two-sided level alpha and this power (NaN below 2 pairs). */
    public static double mde(int n, double sd, double alpha, double power) {
        return n < 2 ? Double.NaN : new PairedT(n, 0, sd).detectable(alpha, power);
    }

    /**
     * The fewest pairs (2 or more) whose MDE is at most {@code difference}; empty when more than
     * {@link #MOST} would be needed.
     */
    public static OptionalInt of(double sd, double difference, double alpha, double power) {
        if (!(sd >= 0) || !(difference > 0) || !(alpha > 0 && alpha < 1) || !(power > 0 && power < 1)) {
            throw new IllegalArgumentException("planning needs sd >= 0, a difference above 0 and alpha, power in"
                    + " (0, 1); not sd " + sd + ", difference " + difference + ", alpha " + alpha + ", power " + power);
        }
        if (mde(MOST, sd, alpha, power) > difference) {
            return OptionalInt.empty();
        }
        // The MDE falls as n grows, so the fewest pairs is a bisection.
        int lo = 2;
        int hi = MOST;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (mde(mid, sd, alpha, power) <= difference) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return OptionalInt.of(lo);
    }

    /**
     * The one-sided upper confidence bound of a population SD from a sample SD of {@code pairs} values:
     * sd * sqrt((pairs - 1) / chi2(1 - confidence, pairs - 1)).
     */
    public static double upperSd(double sd, int pairs, double confidence) {
        if (pairs < 2) {
            throw new IllegalArgumentException("an SD bound needs 2 or more pairs, not " + pairs);
        }
        int df = pairs - 1;
        return sd * Math.sqrt(df / ChiSquaredDistribution.of(df).inverseCumulativeProbability(1 - confidence));
    }
}
