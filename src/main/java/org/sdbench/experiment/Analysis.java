package org.sdbench.experiment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.statistics.descriptive.GeometricMean;
import org.apache.commons.statistics.descriptive.Mean;
import org.sdbench.stats.Holm;
import org.sdbench.stats.RatioEstimate;

/**
 * Judges every figure of every alternative against the baseline from the runs so far: the paired
 * ratio with its interval, the minimum detectable effect from the baseline's run-to-run spread, and
 * a verdict whose false-"changed" rate is controlled over all figures at once (Holm, family-wise 5 %).
 */
final class Analysis {
    /** Family-wise error rate of the "changed" verdicts of one experiment. */
    static final double ALPHA = 0.05;

    /** A figure no ratio can be formed for (zero or missing in some run), and why. */
    record Omitted(String figure, String variant, String reason) {}

    record Outcome(List<FigureResult> figures, List<Omitted> omitted, int judged) {
        /** True when every primary figure of every alternative is changed or unchanged. */
        boolean primaryDecided() {
            return figures.stream()
                    .filter(f -> f.kind().equals(Figure.Kind.PRIMARY.label()))
                    .allMatch(FigureResult::decided);
        }

        Optional<FigureResult> find(String figure, String variant) {
            return figures.stream()
                    .filter(f -> f.figure().equals(figure) && f.variant().equals(variant))
                    .findFirst();
        }
    }

    private Analysis() {}

    private record Pending(
            Figure figure,
            String variant,
            double[] base,
            double[] alt,
            RatioEstimate estimate,
            double mde,
            List<Double> baseValues,
            List<Double> altValues) {}

    static Outcome of(ExperimentPlan plan, List<Figure> figures, List<RunSample> samples) {
        int rounds = samples.stream().mapToInt(RunSample::round).max().orElse(0);
        List<Pending> pending = new ArrayList<>();
        List<Omitted> omitted = new ArrayList<>();
        for (Variant alt : plan.alternatives()) {
            for (Figure f : figures) {
                List<Double> baseValues = values(samples, plan.baseline().name(), f, rounds);
                List<Double> altValues = values(samples, alt.name(), f, rounds);
                List<double[]> pairs = new ArrayList<>();
                for (int r = 0; r < rounds; r++) {
                    Double a = baseValues.get(r);
                    Double b = altValues.get(r);
                    if (a != null && b != null && a > 0 && b > 0) {
                        pairs.add(new double[] {a, b});
                    }
                }
                if (pairs.isEmpty()) {
                    if (rounds > 0) {
                        omitted.add(new Omitted(f.name(), alt.name(), why(baseValues, altValues)));
                    }
                    continue;
                }
                double[] base = pairs.stream().mapToDouble(p -> p[0]).toArray();
                double[] other = pairs.stream().mapToDouble(p -> p[1]).toArray();
                pending.add(new Pending(
                        f,
                        alt.name(),
                        base,
                        other,
                        RatioEstimate.paired(base, other),
                        RatioEstimate.minimumDetectableEffect(base, base.length),
                        baseValues,
                        altValues));
            }
        }
        double[] p = pending.stream().mapToDouble(x -> x.estimate().pValue()).toArray();
        boolean[] changed = Holm.reject(p, ALPHA);
        List<FigureResult> results = new ArrayList<>();
        for (int i = 0; i < pending.size(); i++) {
            results.add(result(pending.get(i), changed[i], plan.effect()));
        }
        int judged = (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        return new Outcome(List.copyOf(results), List.copyOf(omitted), judged);
    }

    private static FigureResult result(Pending x, boolean changed, double margin) {
        RatioEstimate e = x.estimate();
        String verdict =
                changed ? FigureResult.CHANGED : e.rulesOut(margin) ? FigureResult.UNCHANGED : FigureResult.UNDECIDED;
        boolean interval = Double.isFinite(e.low());
        return new FigureResult(
                x.figure().name(),
                x.figure().kind().label(),
                x.figure().unit(),
                x.variant(),
                e.rounds(),
                geometricMean(x.base()),
                geometricMean(x.alt()),
                e.ratio(),
                interval ? List.of(e.low(), e.high()) : Arrays.asList(null, null),
                Double.isFinite(x.mde()) ? x.mde() : null,
                Double.isNaN(e.pValue()) ? null : e.pValue(),
                verdict,
                Collections.unmodifiableList(x.baseValues()),
                Collections.unmodifiableList(x.altValues()));
    }

    private static List<Double> values(List<RunSample> samples, String variant, Figure f, int rounds) {
        List<Double> out = new ArrayList<>(Collections.nCopies(rounds, (Double) null));
        for (RunSample s : samples) {
            if (s.variant().equals(variant)) {
                out.set(s.round() - 1, s.values().get(f.name()));
            }
        }
        return out;
    }

    private static String why(List<Double> base, List<Double> alt) {
        boolean baseZero = base.stream().allMatch(v -> v == null || v == 0);
        boolean altZero = alt.stream().allMatch(v -> v == null || v == 0);
        if (base.stream().allMatch(v -> v == null) || alt.stream().allMatch(v -> v == null)) {
            return "not measured in these runs";
        }
        if (baseZero && altZero) {
            return "0 in every run of both";
        }
        return String.format(
                Locale.ROOT,
                "no ratio (0 on one side): baseline mean %.4g, alternative mean %.4g",
                mean(base),
                mean(alt));
    }

    private static double mean(List<Double> v) {
        double[] d = v.stream()
                .filter(x -> x != null)
                .mapToDouble(Double::doubleValue)
                .toArray();
        return d.length == 0 ? Double.NaN : Mean.of(d).getAsDouble();
    }

    private static double geometricMean(double[] v) {
        return GeometricMean.of(v).getAsDouble();
    }

    /** Each figure's MDE (the baseline's, the same for every alternative), for the progress line. */
    static Map<String, Double> mdes(Outcome o) {
        Map<String, Double> m = new LinkedHashMap<>();
        o.figures().forEach(f -> m.putIfAbsent(f.figure(), f.mde()));
        return m;
    }
}
