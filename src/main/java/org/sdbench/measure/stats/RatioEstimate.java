package org.sdbench.measure.stats;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.apache.commons.statistics.descriptive.Variance;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.TTest;

/**
 * One figure's ratio alternative / baseline over an experiment's rounds, paired by round. The
 * analysis works on log ratios, so a ratio and its inverse get intervals of the same width and
 * a drift of the host that scales both runs of a round cancels out; each round is one sample
 * (the level where run-to-run variance lives), never an interval inside a run.
 *
 * @param rounds  paired rounds used
 * @param ratio   geometric mean of the per-round ratios
 * @param low     lower end of the two-sided 95 % interval of the ratio (Student's t on the log ratios); NaN below 2 rounds
 * @param high    upper end of it
 * @param pValue  two-sided p-value of "the mean log ratio is 0" (one-sample t-test); NaN below 2 rounds
 */
public record RatioEstimate(int rounds, double ratio, double low, double high, double pValue) {
    /** The confidence level of every interval an experiment reports. */
    public static final double LEVEL = 0.95;
    /** The power a minimum detectable effect is stated for (see {@link PairedT#detectable}). */
    public static final double POWER = 0.80;

    /** True when the interval lies inside [1 / (1 + mde), 1 + mde]: an effect of the MDE or more is ruled out. */
    public boolean rulesOut(double mde) {
        return Double.isFinite(low) && Double.isFinite(mde) && low >= 1 / (1 + mde) && high <= 1 + mde;
    }

    /** True when the interval excludes 1. */
    public boolean excludesOne() {
        return Double.isFinite(low) && (low > 1 || high < 1);
    }

    /**
     * The paired estimate from per-round values of both sides (equal lengths, every value above 0).
     */
    public static RatioEstimate paired(double[] baseline, double[] alternative) {
        if (baseline.length != alternative.length || baseline.length == 0) {
            throw new IllegalArgumentException(
                    "paired samples need equal, non-zero lengths: " + baseline.length + " and " + alternative.length);
        }
        double[] d = new double[baseline.length];
        for (int i = 0; i < d.length; i++) {
            if (!(baseline[i] > 0) || !(alternative[i] > 0)) {
                throw new IllegalArgumentException("a ratio needs values above 0: round " + (i + 1) + " has "
                        + baseline[i] + " and " + alternative[i]);
            }
            d[i] = Math.log(alternative[i] / baseline[i]);
        }
        int n = d.length;
        double mean = Mean.of(d).getAsDouble();
        if (n < 2) {
            return new RatioEstimate(n, Math.exp(mean), Double.NaN, Double.NaN, Double.NaN);
        }
        double sd = StandardDeviation.of(d).getAsDouble();
        if (sd == 0) {
            // Identical ratios in every round: a counter the setting moves exactly, or does not move at all.
            return new RatioEstimate(n, Math.exp(mean), Math.exp(mean), Math.exp(mean), mean == 0 ? 1 : 0);
        }
        double half = tQuantile(n - 1, (1 + LEVEL) / 2) * sd / Math.sqrt(n);
        double p = TTest.withDefaults().test(d).getPValue();
        return new RatioEstimate(n, Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), p);
    }

    /**
     * The unpaired estimate from independent runs of each side (at least 2 each, every value above 0):
     * the ratio of geometric means with a Welch interval on the log values (unequal spreads allowed).
     */
    public static RatioEstimate unpaired(double[] baseline, double[] alternative) {
        double[] a = logs(baseline);
        double[] b = logs(alternative);
        if (a.length < 2 || b.length < 2) {
            throw new IllegalArgumentException(
                    "unpaired samples need 2 or more values each: " + a.length + " and " + b.length);
        }
        double diff = Mean.of(b).getAsDouble() - Mean.of(a).getAsDouble();
        double va = Variance.of(a).getAsDouble() / a.length;
        double vb = Variance.of(b).getAsDouble() / b.length;
        if (va + vb == 0) {
            return new RatioEstimate(
                    Math.min(a.length, b.length), Math.exp(diff), Math.exp(diff), Math.exp(diff), diff == 0 ? 1 : 0);
        }
        TTest.Result t = TTest.withDefaults().test(b, a);
        double half = tQuantile(t.getDegreesOfFreedom(), (1 + LEVEL) / 2) * Math.sqrt(va + vb);
        return new RatioEstimate(
                Math.min(a.length, b.length),
                Math.exp(diff),
                Math.exp(diff - half),
                Math.exp(diff + half),
                t.getPValue());
    }

    private static double[] logs(double[] v) {
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            if (!(v[i] > 0)) {
                throw new IllegalArgumentException("a ratio needs values above 0, not " + v[i]);
            }
            out[i] = Math.log(v[i]);
        }
        return out;
    }

    /** Student's t quantile at cumulative probability {@code p}. */
    public static double tQuantile(double degreesOfFreedom, double p) {
        return TDistribution.of(degreesOfFreedom).inverseCumulativeProbability(p);
    }
}
