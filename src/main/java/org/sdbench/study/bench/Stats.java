package org.sdbench.study.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.sdbench.measure.stats.Medians;

/** Small helpers for repeated measurements on a noisy machine: medians and spreads, not means. */
final class Stats {
    private Stats() {}

    static double median(List<Double> values) {
        return Medians.of(values);
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
