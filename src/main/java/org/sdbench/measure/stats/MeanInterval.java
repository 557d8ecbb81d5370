package org.sdbench.measure.stats;

import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The mean of independent samples with its two-sided Student-t confidence interval: each sample is
 * one repetition of the whole measurement (a round of a study), so the interval carries the
 * run-to-run spread, not the noise inside one run.
 *
 * @param samples how many values it rests on
 * @param low     lower end of the interval; NaN below 2 samples
 * @param high    upper end of it
 * @param level   the confidence level, 0.95 for a 95 % interval
 */
public record MeanInterval(int samples, double mean, double low, double high, double level) {

    /** The interval at {@code level} (between 0 and 1) over {@code values} (finite, at least one). */
    public static MeanInterval of(double[] values, double level) {
        if (values.length == 0) {
            throw new IllegalArgumentException("a mean needs one or more values");
        }
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("a confidence level lies between 0 and 1, not " + level);
        }
        double mean = Mean.of(values).getAsDouble();
        if (!Double.isFinite(mean)) {
            throw new IllegalArgumentException("a mean needs finite values");
        }
        int n = values.length;
        if (n < 2) {
            return new MeanInterval(n, mean, Double.NaN, Double.NaN, level);
        }
        double half = TDistribution.of(n - 1).inverseCumulativeProbability((1 + level) / 2)
                * StandardDeviation.of(values).getAsDouble()
                / Math.sqrt(n);
        return new MeanInterval(n, mean, mean - half, mean + half, level);
    }

    /** The interval's width relative to the mean (0.1 = the interval spans 10 % of the mean); NaN without one. */
    public double relativeWidth() {
        return (high - low) / Math.abs(mean);
    }

    public boolean contains(double v) {
        return v >= low && v <= high;
    }
}
