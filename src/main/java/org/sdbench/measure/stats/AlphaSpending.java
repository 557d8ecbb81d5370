package org.sdbench.measure.stats;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * How much of a study's error rate each planned look at the data may spend, so that stopping at
 * whichever look first decides keeps the overall rate: the Lan-DeMets spending function of the
 * O'Brien-Fleming type, alpha(t) = 2 - 2 Phi(z(1 - alpha/2) / sqrt(t)) at information fraction t
 * (rounds so far / most rounds). Early looks spend almost nothing, so an early stop needs an
 * overwhelming effect, and most of alpha is left for the last looks.
 *
 * <p>Each look tests at its increment alpha(t_k) - alpha(t_k-1). The increments add up to alpha, so by
 * Bonferroni over the looks the chance of a false rejection at any look is at most alpha, whatever
 * the correlation between looks: conservative, and valid for t tests with few degrees of freedom,
 * where the usual normal-theory boundaries are not.
 */
public final class AlphaSpending {
    private final double alpha;
    private final int first;
    private final int last;

    /**
     * @param alpha the error rate of the whole study
     * @param first the first look (rounds)
     * @param last  the last look (rounds); looks at every round from first to last
     */
    public AlphaSpending(double alpha, int first, int last) {
        if (!(alpha > 0 && alpha < 1) || first < 1 || last < first) {
            throw new IllegalArgumentException(
                    "alpha in (0, 1) and looks 1 <= first <= last, not " + alpha + ", " + first + ", " + last);
        }
        this.alpha = alpha;
        this.first = first;
        this.last = last;
    }

    /** The error rate spent by information fraction {@code t} (0 to 1). */
    public double spent(double t) {
        if (t <= 0) {
            return 0;
        }
        if (t >= 1) {
            return alpha;
        }
        NormalDistribution z = NormalDistribution.of(0, 1);
        return 2 * z.survivalProbability(z.inverseCumulativeProbability(1 - alpha / 2) / Math.sqrt(t));
    }

    /** The level the test at the look after {@code rounds} rounds uses: 0 where there is no look. */
    public double at(int rounds) {
        if (rounds < first || rounds > last) {
            return 0;
        }
        double before = rounds == first ? 0 : spent((rounds - 1) / (double) last);
        return spent(rounds / (double) last) - before;
    }
}
