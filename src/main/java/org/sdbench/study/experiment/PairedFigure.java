package org.sdbench.study.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.LongSummaryStatistics;
import org.apache.commons.statistics.descriptive.GeometricMean;
import org.apache.commons.statistics.descriptive.Mean;
import org.sdbench.measure.stats.PairedT;

/**
 * One comparison made ready for its tests, every pair kept: judged on log ratios when every value of
 * both sides is above 0 (and a count figure counted at least {@link #MIN_EVENTS} events in each run),
 * else on plain differences per dialog step when the figure is a per-step count and the runs together
 * counted enough; otherwise it is not judged, with the true reason (not measured, 0, or too few events,
 * naming the pairs and the side).
 */
final class PairedFigure {
    /**
     * Events a count figure's run must count for its value to enter a ratio: a ratio of a handful of
     * events is mostly their luck (Poisson noise alone is +-10 % at 100). Per-step differences need
     * that many over all runs together.
     */
    static final long MIN_EVENTS = 100;

    enum Scale {
        RATIO,
        DIFFERENCE;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What the analysis gets: a figure it can judge, or why not. */
    sealed interface Prepared permits Omit, Ready {}

    record Omit(Comparison comparison, String reason) implements Prepared {}

    /**
     * @param baseline    the baseline's typical value: geometric mean on the ratio scale, mean on the difference scale
     * @param alternative the same for the alternative
     * @param note        why the figure is judged on differences; null on the ratio scale
     */
    record Ready(Comparison comparison, Scale scale, PairedT test, double baseline, double alternative, String note)
            implements Prepared {
        /** The margin of "unchanged" on this scale for a relative effect: NaN when it has no size (baseline 0). */
        double margin(double effect) {
            return scale == Scale.RATIO ? Math.log1p(effect) : baseline > 0 ? effect * baseline : Double.NaN;
        }

        /** A mean difference on this scale as a ratio to the baseline: null when the baseline is 0. */
        Double asRatio(double d) {
            if (scale == Scale.RATIO) {
                return Math.exp(d);
            }
            return baseline > 0 ? 1 + d / baseline : null;
        }
    }

    private PairedFigure() {}

    static Prepared of(Comparison c) {
        if (c.unavailable() != null) {
            return new Omit(c, c.unavailable());
        }
        List<Pair> pairs = c.pairs();
        List<String> missing = new ArrayList<>();
        List<String> zero = new ArrayList<>();
        List<Few> few = new ArrayList<>();
        Figure.Count count = c.figure().count();
        for (Pair p : pairs) {
            side(p.key(), "baseline", p.baseline(), p.baselineEvents(), count, missing, zero, few);
            side(p.key(), c.variant(), p.alternative(), p.alternativeEvents(), count, missing, zero, few);
        }
        boolean noneMeasured = pairs.stream().allMatch(p -> p.baseline() == null)
                || pairs.stream().allMatch(p -> p.alternative() == null);
        if (noneMeasured && zero.isEmpty()) {
            return new Omit(c, "not measured in these runs");
        }
        if (!missing.isEmpty()) {
            return new Omit(c, "not measured in " + list(missing) + ": no pair without it");
        }
        if (zero.isEmpty() && few.isEmpty()) {
            double[] base = pairs.stream().mapToDouble(Pair::baseline).toArray();
            double[] alt = pairs.stream().mapToDouble(Pair::alternative).toArray();
            double[] d = new double[base.length];
            for (int i = 0; i < d.length; i++) {
                d[i] = Math.log(alt[i] / base[i]);
            }
            return new Ready(
                    c,
                    Scale.RATIO,
                    PairedT.of(d),
                    GeometricMean.of(base).getAsDouble(),
                    GeometricMean.of(alt).getAsDouble(),
                    null);
        }
        String why = !zero.isEmpty()
                ? "0 " + (count == null ? "" : count.events() + " ") + "in " + list(zero)
                : fewer(few, count);
        if (count == null
                || !count.perStep()
                || pairs.stream().anyMatch(p -> p.baseline() == null || p.alternative() == null)) {
            return new Omit(c, "no ratio: " + why);
        }
        if (pairs.stream().allMatch(p -> p.baseline() == 0 && p.alternative() == 0)) {
            return new Omit(c, "0 in every run of both");
        }
        long total = pairs.stream()
                .mapToLong(p -> orZero(p.baselineEvents()) + orZero(p.alternativeEvents()))
                .sum();
        if (total < MIN_EVENTS) {
            return new Omit(
                    c,
                    String.format(
                            Locale.ROOT,
                            "too few events: %d %s in all runs together, fewer than the %d a figure needs",
                            total,
                            count.events(),
                            MIN_EVENTS));
        }
        double[] base = pairs.stream().mapToDouble(Pair::baseline).toArray();
        double[] alt = pairs.stream().mapToDouble(Pair::alternative).toArray();
        double[] d = new double[base.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = alt[i] - base[i];
        }
        return new Ready(
                c,
                Scale.DIFFERENCE,
                PairedT.of(d),
                Mean.of(base).getAsDouble(),
                Mean.of(alt).getAsDouble(),
                "judged on per-step differences: " + why);
    }

    private static void side(
            String key,
            String side,
            Double value,
            Long events,
            Figure.Count count,
            List<String> missing,
            List<String> zero,
            List<Few> few) {
        String where = key + " (" + side + ")";
        boolean none = events != null && events == 0;
        if (value == null && !none) {
            missing.add(where);
        } else if (none || value == 0) {
            zero.add(where);
        } else if (count != null && events != null && events < MIN_EVENTS) {
            few.add(new Few(where, events));
        }
    }

    /** Where, as a short list: the first three, then how many more. */
    private static String list(List<String> where) {
        return where.size() <= 3
                ? String.join(", ", where)
                : String.join(", ", where.subList(0, 3)) + " and " + (where.size() - 3) + " more";
    }

    /** A run that counted fewer events than a ratio needs. */
    private record Few(String where, long events) {}

    /** The runs that counted too few events for a ratio: each when there are two at most, else how many and the range. */
    private static String fewer(List<Few> few, Figure.Count count) {
        String needs = " (a ratio needs " + MIN_EVENTS + " " + count.events() + " in each run)";
        if (few.size() <= 2) {
            return String.join(
                            ", ",
                            few.stream()
                                    .map(f -> f.where() + " counted " + f.events() + " " + count.events())
                                    .toList())
                    + needs;
        }
        LongSummaryStatistics n = few.stream().mapToLong(Few::events).summaryStatistics();
        return String.format(
                Locale.ROOT,
                "%d runs counted %d to %d %s%s",
                few.size(),
                n.getMin(),
                n.getMax(),
                count.events(),
                needs);
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }
}
