package org.sdbench.measure.stats;

import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * The difference of two independent samples' means with its two-sided 95 % Welch interval
 * (unequal spreads allowed), from what is kept of each sample: its size, mean and standard
 * deviation. {@link RatioEstimate#unpaired} is the same test on the samples themselves.
 *
 * @param difference the second mean minus the first
 * @param halfWidth the interval's half-width; NaN when either sample has fewer than two values
 * @param degreesOfFreedom Welch–Satterthwaite's; NaN when either sample has fewer than two values
 */
public record Welch(double difference, double halfWidth, double degreesOfFreedom) {
    /** The two-sided 95 % interval's quantile. */
    private static final double P975 = 0.975;

    /** Sample b against sample a, each given by its size, mean and standard deviation. */
    public static Welch of(int na, double meanA, double sdA, int nb, double meanB, double sdB) {
        double diff = meanB - meanA;
        if (na < 2 || nb < 2) {
            return new Welch(diff, Double.NaN, Double.NaN);
        }
        double va = sdA * sdA / na;
        double vb = sdB * sdB / nb;
        double se = Math.sqrt(va + vb);
        if (se == 0) {
            return new Welch(diff, 0, na + nb - 2);
        }
        // Welch–Satterthwaite's degrees of freedom, as Commons Statistics' unequal-variance t test has them.
        double df = TTest.withDefaults()
                .with(DataDispersion.HETEROSCEDASTIC)
                .test(meanB, sdB * sdB, nb, meanA, sdA * sdA, na)
                .getDegreesOfFreedom();
        return new Welch(diff, t975(df) * se, df);
    }

    /**
     * Half-width of the 95 % interval of one sample's mean from its size and standard deviation;
     * NaN with fewer than two values.
     */
    public static double meanHalfWidth(int n, double sd) {
        return n < 2 ? Double.NaN : t975(n - 1) * (sd / Math.sqrt(n));
    }

    /** Student's t 97.5 % quantile (the two-sided 95 % interval's), at least one degree of freedom. */
    private static double t975(double df) {
        return RatioEstimate.tQuantile(Math.max(df, 1), P975);
    }
}
