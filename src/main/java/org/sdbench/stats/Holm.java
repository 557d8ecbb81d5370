package org.sdbench.stats;

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
        Integer[] order = IntStream.range(0, pValues.length)
                .filter(i -> !Double.isNaN(pValues[i]))
                .boxed()
                .toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> pValues[i]));
        boolean[] rejected = new boolean[pValues.length];
        int m = order.length;
        for (int k = 0; k < m; k++) {
            if (pValues[order[k]] > alpha / (m - k)) {
                break;
            }
            rejected[order[k]] = true;
        }
        return rejected;
    }
}
