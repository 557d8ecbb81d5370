package org.sdbench.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.sdbench.report.IntervalRow;

/**
 * A duet's pairs: each measurement interval of the baseline's run with the alternative's interval
 * that ended closest to it on the wall clock (within half an interval; the two simulators harvest
 * on their own ticks, so matched intervals overlap by at least half), keyed "round r, interval i".
 * Only what intervals.csv holds per interval can be paired: throughput and the response times of
 * the steps that ended in it; the database's counters are per run, not per interval.
 */
final class DuetPairs {
    /** A figure a duet judges, read from one interval. */
    record IntervalFigure(Figure figure, Function<IntervalRow, Double> value) {}

    /** What the intervals tell; response times of an interval without a finished step are not measured. */
    static final List<IntervalFigure> FIGURES = List.of(
            new IntervalFigure(
                    new Figure("avg dialog response time", "ms", Figure.Kind.PRIMARY, r -> null, null),
                    r -> r.steps() > 0 ? r.avgMs() : null),
            new IntervalFigure(
                    new Figure("dialog steps per hour", "DS/h", Figure.Kind.PRIMARY, r -> null, null),
                    r -> r.dsPerHour()),
            new IntervalFigure(
                    new Figure("p95 dialog response time", "ms", Figure.Kind.SECONDARY, r -> null, null),
                    r -> r.steps() > 0 ? r.p95Ms() : null));

    private DuetPairs() {}

    static List<Figure> figures() {
        return FIGURES.stream().map(IntervalFigure::figure).toList();
    }

    /** Every figure of the alternative against the baseline, over the rounds' matched intervals. */
    static List<Comparison> of(ExperimentPlan plan, List<DuetRound.Result> rounds) {
        List<Comparison> out = new ArrayList<>();
        for (IntervalFigure f : FIGURES) {
            List<Pair> pairs = new ArrayList<>();
            for (DuetRound.Result r : rounds) {
                pairs.addAll(pairs(r, f));
            }
            out.add(new Comparison(f.figure(), plan.alternatives().get(0).name(), pairs));
        }
        return out;
    }

    private static List<Pair> pairs(DuetRound.Result r, IntervalFigure f) {
        List<IntervalRow> base = window(r.baseline());
        List<IntervalRow> alt = window(r.alternative());
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < base.size(); i++) {
            IntervalRow b = base.get(i);
            IntervalRow a = match(b, alt);
            if (a != null) {
                out.add(new Pair(
                        "round " + r.round() + ", interval " + (i + 1),
                        f.value().apply(b),
                        f.value().apply(a),
                        null,
                        null));
            }
        }
        return out;
    }

    /** The measurement window's intervals of a side's run; none when it wrote no folder. */
    static List<IntervalRow> window(DuetRound.Side s) {
        if (s.loaded() == null) {
            return List.of();
        }
        return s.loaded().intervals().stream().filter(IntervalRow::inWindow).toList();
    }

    /** The interval of {@code others} that ended closest to {@code row}, when within half of its length. */
    static IntervalRow match(IntervalRow row, List<IntervalRow> others) {
        IntervalRow best = null;
        long bestGap = Long.MAX_VALUE;
        for (IntervalRow o : others) {
            long gap = Math.abs(o.wallMillis() - row.wallMillis());
            if (gap < bestGap) {
                best = o;
                bestGap = gap;
            }
        }
        return best != null && bestGap <= row.seconds() * 500 ? best : null;
    }
}
