package org.sdbench.study.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    /** The figures an interval tells; response times of an interval without a finished step are not measured. */
    private static final Map<String, Function<IntervalRow, Double>> PER_INTERVAL = Map.of(
            "avg dialog response time", r -> r.steps() > 0 ? r.avgMs() : null,
            "dialog steps per hour", IntervalRow::dsPerHour,
            "p95 dialog response time", r -> r.steps() > 0 ? r.p95Ms() : null);

    /** The duet's confirmatory family: what both sides' intervals tell of a setting's effect on users. */
    static final List<String> CONFIRMATORY = List.of("avg dialog response time", "dialog steps per hour");

    private DuetPairs() {}

    /** The figures as a duet judges them: its confirmatory family primary, every other figure not. */
    static List<Figure> rekind(List<Figure> figures) {
        return figures.stream()
                .map(f -> new Figure(
                        f.name(),
                        f.unit(),
                        CONFIRMATORY.contains(f.name())
                                ? Figure.Kind.PRIMARY
                                : f.kind() == Figure.Kind.PRIMARY ? Figure.Kind.SECONDARY : f.kind(),
                        f.value(),
                        f.count()))
                .toList();
    }

    /** Why a duet cannot judge {@code f}; null when it can. */
    static String unavailable(Figure f) {
        return PER_INTERVAL.containsKey(f.name())
                ? null
                : "a duet pairs intervals, and this figure is measured per run, not per interval";
    }

    /**
     * The round's pairs of {@code f}: its matched intervals; for a figure an interval does not tell, one
     * unmeasured pair, so that the analysis lists it as not judged, with {@link #unavailable}'s reason.
     */
    static List<Pair> of(DuetRound.Result r, Figure f) {
        Function<IntervalRow, Double> value = PER_INTERVAL.get(f.name());
        if (value == null) {
            return List.of(new Pair("round " + r.round(), null, null, null, null));
        }
        List<IntervalRow> base = window(r.baseline());
        List<IntervalRow> alt = window(r.alternative());
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < base.size(); i++) {
            IntervalRow b = base.get(i);
            IntervalRow a = match(b, alt);
            if (a != null) {
                out.add(new Pair(
                        "round " + r.round() + ", interval " + (i + 1), value.apply(b), value.apply(a), null, null));
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
