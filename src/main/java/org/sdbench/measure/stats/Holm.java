package org.sdbench.measure.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Holm's step-down procedure (Holm 1979): which of m hypotheses to reject so that the chance of
 * rejecting any true one stays at most alpha (family-wise error rate), uniformly more powerful than
 * Bonferroni. An A/A experiment judges dozens of figures at once; without this, one of them would
 * read "changed" by chance in most experiments.
 */
public final class Holm {
    private Holm() {}

    /** For each p-value (NaN: not tested, never rejected), whether it is rejected at family-wise level alpha. */
    public static boolean[] reject(double[] pValues, double alpha) {
        double[] adjusted = adjusted(pValues);
        boolean[] rejected = new boolean[pValues.length];
        for (int i = 0; i < pValues.length; i++) {
            rejected[i] = adjusted[i] <= alpha;
        }
        return rejected;
    }

    /**
     * Holm-adjusted p-values: the smallest family-wise level at which each hypothesis is rejected,
     * max over the smaller p-values of min(1, (m - k) p) for the k-th smallest (0-based); monotone in
     * p. A hypothesis is rejected at level alpha exactly when its adjusted p-value is at most alpha.
     * NaN stays NaN (not tested) and does not count in m.
     */
    public static double[] adjusted(double[] pValues) {
        Integer[] order = sorted(pValues);
        int m = order.length;
        double[] out = new double[pValues.length];
        Arrays.fill(out, Double.NaN);
        double running = 0;
        for (int k = 0; k < m; k++) {
            running = Math.max(running, Math.min(1, (m - k) * pValues[order[k]]));
            out[order[k]] = running;
        }
        return out;
    }

    /**
     * The level each hypothesis was judged at, so that its interval at that level agrees with its
     * verdict: alpha / (m - k) for the k-th smallest p-value (0-based) while the procedure still rejects,
     * and for all the rest the level of the step where it stopped. NaN for those not tested.
     */
    public static double[] levels(double[] pValues, double alpha) {
        Integer[] order = sorted(pValues);
        int m = order.length;
        double[] out = new double[pValues.length];
        Arrays.fill(out, Double.NaN);
        boolean stopped = false;
        double level = alpha;
        for (int k = 0; k < m; k++) {
            if (!stopped) {
                level = alpha / (m - k);
                stopped = pValues[order[k]] > level;
            }
            out[order[k]] = level;
        }
        return out;
    }

    private static Integer[] sorted(double[] pValues) {
        Integer[] order = IntStream.range(0, pValues.length)
                .filter(i -> !Double.isNaN(pValues[i]))
                .boxed()
                .toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> pValues[i]));
        return order;
    }
}
