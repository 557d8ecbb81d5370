package org.sdbench.report.compare;

import java.util.List;
import java.util.function.ToDoubleFunction;
import org.apache.commons.statistics.descriptive.Mean;
import org.apache.commons.statistics.descriptive.StandardDeviation;
import org.sdbench.measure.stats.Welch;
import org.sdbench.report.IntervalRow;

/**
 * How much a figure moves between the measurement window's intervals, and so how large a
 * difference between two runs must be before it is more than noise. Each full interval of the
 * window is one sample; the difference of two runs' means gets a Welch 95 % confidence interval.
 * Intervals of a closed-loop run are close to, not exactly, independent: treat the band as an
 * estimate, and prefer longer windows (more intervals) for small effects.
 */
public final class Noise {
    private Noise() {}

    /** The spread of one figure over a run's window intervals. */
    public record Band(int n, double mean, double sd) {
        /** Half-width of the 95 % confidence interval of the mean; NaN with fewer than two intervals. */
        public double halfWidth95() {
            return Welch.meanHalfWidth(n, sd);
        }
    }

    /** A difference of means with its 95 % half-width (Welch). */
    public record Delta(double difference, double halfWidth95, double degreesOfFreedom) {
        /** True when the interval excludes zero: a change beyond the noise. */
        public boolean significant() {
            return Double.isFinite(halfWidth95) && Math.abs(difference) > halfWidth95;
        }
    }

    /**
     * The band over the window's full intervals: the short ones cut at phase boundaries are left
     * out, their rates are noisier by construction.
     */
    public static Band of(List<IntervalRow> rows, ToDoubleFunction<IntervalRow> figure) {
        List<IntervalRow> window = rows.stream().filter(IntervalRow::inWindow).toList();
        double longest = window.stream().mapToDouble(IntervalRow::seconds).max().orElse(0);
        double[] v = window.stream()
                .filter(r -> r.seconds() >= 0.5 * longest)
                .mapToDouble(figure)
                .toArray();
        return of(v);
    }

    static Band of(double[] v) {
        int n = v.length;
        if (n == 0) {
            return new Band(0, Double.NaN, Double.NaN);
        }
        return new Band(
                n,
                Mean.of(v).getAsDouble(),
                n < 2 ? Double.NaN : StandardDeviation.of(v).getAsDouble());
    }

    /** b minus a with the Welch 95 % interval; NaN half-width when either run has fewer than two intervals. */
    public static Delta delta(Band a, Band b) {
        Welch w = Welch.of(a.n(), a.mean(), a.sd(), b.n(), b.mean(), b.sd());
        return new Delta(w.difference(), w.halfWidth(), w.degreesOfFreedom());
    }
}
