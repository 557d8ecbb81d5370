package org.sdbench.measure.stats;

import java.util.List;
import org.apache.commons.statistics.descriptive.Median;

/** The median of repeated measurements on a noisy machine, where one slow round must not move the figure. */
public final class Medians {
    private Medians() {}

    /** The median of {@code values} (the mean of the middle two for an even count); NaN when empty. */
    public static double of(List<Double> values) {
        return Median.withDefaults()
                .evaluate(values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
