package org.sdbench.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Small helpers for repeated measurements on a noisy machine: medians and spreads, not means. */
final class Stats {
    private Stats() {}

    static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }

    static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    static String list(List<Double> values, String format) {
        return Arrays.toString(
                values.stream().map(x -> String.format(Locale.ROOT, format, x)).toArray());
    }
}
