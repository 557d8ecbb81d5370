package org.sdbench.study.experiment;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.sdbench.measure.stats.Holm;
import org.sdbench.measure.stats.PairedT;
import org.sdbench.measure.stats.RatioEstimate;

/**
 * Judges every comparison (a figure of an alternative, as pairs) at one look. Each alternative's
 * primary figures are its confirmatory family: "no change" and "outside +-effect" are each tested by
 * Holm's step-down at the look's level, which the stop rule spends over the planned looks, so the
 * chance of any false "changed" in a comparison stays at 5 % however the experiment stops. Secondary
 * and statement figures are descriptive: each its own test at 5 %.
 */
final class Analysis {
    /** Family-wise error rate of one comparison's confirmatory verdicts; the level of a descriptive one. */
    static final double ALPHA = 0.05;

    /** A figure that is not judged, and the true reason. */
    record Omitted(String figure, String variant, String family, String reason) {}

    /**
     * @param alpha the level this look spends on each confirmatory family (0: not a look)
     */
    record Outcome(List<FigureResult> figures, List<Omitted> omitted, double alpha) {
        /** True when every judged confirmatory figure of every alternative is decided. */
        boolean confirmatoryDecided() {
            return figures.stream().filter(FigureResult::confirmatory).allMatch(FigureResult::decided);
        }

        Optional<FigureResult> find(String figure, String variant) {
            return figures.stream()
                    .filter(f -> f.figure().equals(figure) && f.variant().equals(variant))
                    .findFirst();
        }
    }

    /**
     * How one look judges.
     *
     * @param alpha    the confirmatory families' level at this look (0 when it is no look)
     * @param mdeAlpha the level the MDE of a confirmatory family is stated at (this look's, or the first look's before it)
     * @param effect   the smallest relative change that matters (--effect)
     */
    record Look(double alpha, double mdeAlpha, double effect) {}

    private Analysis() {}

    static Outcome of(Look look, List<Comparison> comparisons) {
        List<PairedFigure.Prepared> prepared =
                comparisons.stream().map(PairedFigure::of).toList();
        List<Omitted> omitted = new ArrayList<>();
        for (PairedFigure.Prepared p : prepared) {
            if (p instanceof PairedFigure.Omit o && !o.comparison().pairs().isEmpty()) {
                Comparison c = o.comparison();
                omitted.add(
                        new Omitted(c.figure().name(), c.variant(), c.figure().family(), o.reason()));
            }
        }
        List<PairedFigure.Ready> ready = prepared.stream()
                .filter(PairedFigure.Ready.class::isInstance)
                .map(PairedFigure.Ready.class::cast)
                .toList();
        FigureResult[] results = new FigureResult[ready.size()];
        List<String> variants =
                ready.stream().map(r -> r.comparison().variant()).distinct().toList();
        for (String variant : variants) {
            for (boolean confirmatory : new boolean[] {true, false}) {
                List<Integer> members = new ArrayList<>();
                for (int i = 0; i < ready.size(); i++) {
                    Comparison c = ready.get(i).comparison();
                    if (c.variant().equals(variant) && c.figure().kind().equals(Figure.Kind.PRIMARY) == confirmatory) {
                        members.add(i);
                    }
                }
                judge(ready, members, confirmatory, look, results);
            }
        }
        return new Outcome(List.of(results), List.copyOf(omitted), look.alpha());
    }

    /** One family (or the descriptive figures of one comparison): its tests, adjusted together. */
    private static void judge(
            List<PairedFigure.Ready> ready,
            List<Integer> members,
            boolean confirmatory,
            Look look,
            FigureResult[] out) {
        int n = members.size();
        double[] p = new double[n];
        double[] pe = new double[n];
        for (int k = 0; k < n; k++) {
            PairedFigure.Ready r = ready.get(members.get(k));
            double margin = r.margin(look.effect());
            p[k] = r.test().pValue();
            pe[k] = Double.isNaN(margin) ? Double.NaN : r.test().equivalenceP(-margin, margin);
        }
        Tests change = Tests.of(p, confirmatory, look.alpha());
        Tests equivalence = Tests.of(pe, confirmatory, look.alpha());
        int m = (int) Arrays.stream(p).filter(x -> !Double.isNaN(x)).count();
        double mdeAlpha = confirmatory ? look.mdeAlpha() / Math.max(m, 1) : ALPHA;
        for (int k = 0; k < n; k++) {
            out[members.get(k)] = result(ready.get(members.get(k)), change, equivalence, k, mdeAlpha, look);
        }
    }

    /** A family's p-values, adjusted so that each is rejected exactly where it is at most ALPHA, and each one's level. */
    private record Tests(double[] p, double[] adjusted, double[] levels) {
        static Tests of(double[] p, boolean confirmatory, double alpha) {
            double[] adjusted = new double[p.length];
            double[] levels = new double[p.length];
            if (!confirmatory) {
                Arrays.fill(levels, ALPHA);
                return new Tests(p, p.clone(), levels);
            }
            if (alpha <= 0) {
                Arrays.fill(adjusted, Double.NaN);
                Arrays.fill(levels, Double.NaN);
                return new Tests(p, adjusted, levels);
            }
            double[] holm = Holm.adjusted(p);
            for (int i = 0; i < p.length; i++) {
                // At a look that spends alpha < ALPHA, a p-value must be ALPHA / alpha times smaller.
                adjusted[i] = Math.min(1, holm[i] * ALPHA / alpha);
            }
            return new Tests(p, adjusted, Holm.levels(p, alpha));
        }

        boolean rejected(int k) {
            return adjusted[k] <= ALPHA;
        }
    }

    private static FigureResult result(
            PairedFigure.Ready r, Tests change, Tests equivalence, int k, double mdeAlpha, Look look) {
        Comparison c = r.comparison();
        PairedT t = r.test();
        boolean changed = change.rejected(k);
        boolean within = equivalence.rejected(k);
        String verdict = changed
                ? within ? FigureResult.CHANGED_WITHIN_EFFECT : FigureResult.CHANGED
                : within ? FigureResult.UNCHANGED : FigureResult.UNDECIDED;
        List<Double> ci95 = interval(r, RatioEstimate.LEVEL);
        List<Double> used;
        Double level;
        if (verdict.equals(FigureResult.UNCHANGED)) {
            level = 1 - 2 * equivalence.levels()[k];
            used = interval(r, level);
        } else if (Double.isNaN(change.levels()[k])) {
            level = RatioEstimate.LEVEL;
            used = ci95;
        } else {
            level = 1 - change.levels()[k];
            used = interval(r, level);
        }
        List<String> reasons = new ArrayList<>();
        if (r.note() != null) {
            reasons.add(r.note());
        }
        if (!t.testable()) {
            reasons.add("1 pair: no spread yet, so no interval and no test");
        } else if (Double.isNaN(change.levels()[k])) {
            reasons.add("no verdict before the first look (--rounds)");
        } else if (!changed && excludesOne(ci95)) {
            // A descriptive figure's 95 % interval excludes 1 exactly where it reads changed: only a family holds one.
            reasons.add(held(change, k, look));
        }
        if (verdict.equals(FigureResult.CHANGED_WITHIN_EFFECT)) {
            reasons.add(String.format(
                    Locale.ROOT, "a change, shown to lie within +-%.1f %% (--effect)", look.effect() * 100));
        }
        double delta = t.n() >= 3 ? t.detectable(mdeAlpha, RatioEstimate.POWER) : Double.NaN;
        Double up = null;
        Double down = null;
        if (Double.isFinite(delta)) {
            if (r.scale() == PairedFigure.Scale.RATIO) {
                up = Math.expm1(delta);
                down = -Math.expm1(-delta);
            } else if (r.baseline() > 0) {
                up = delta / r.baseline();
                down = up;
            }
        }
        return new FigureResult(
                c.figure().name(),
                c.figure().kind().label(),
                c.figure().family(),
                c.figure().unit(),
                c.variant(),
                t.n(),
                r.scale().label(),
                r.baseline(),
                r.alternative(),
                r.asRatio(t.mean()),
                ci95,
                used,
                level,
                up,
                down,
                finite(change.p()[k]),
                finite(change.adjusted()[k]),
                finite(equivalence.adjusted()[k]),
                verdict,
                reasons.isEmpty() ? null : String.join("; ", reasons),
                Collections.unmodifiableList(
                        c.pairs().stream().map(Pair::baseline).toList()),
                Collections.unmodifiableList(
                        c.pairs().stream().map(Pair::alternative).toList()));
    }

    /** Why a confirmatory figure whose 95 % interval excludes 1 is not "changed". */
    private static String held(Tests change, int k, Look look) {
        String by = look.alpha() < ALPHA
                ? String.format(Locale.ROOT, "Holm and the stop rule (this look spends %.2g of 5 %%)", look.alpha())
                : "Holm";
        return "the 95 % interval excludes 1, but held by " + by + ": p = " + p(change.p()[k]) + " needs <= "
                + p(change.levels()[k]);
    }

    private static List<Double> interval(PairedFigure.Ready r, double confidence) {
        double half = r.test().halfWidth(1 - confidence);
        if (Double.isNaN(half)) {
            return Arrays.asList(null, null);
        }
        return Arrays.asList(
                r.asRatio(r.test().mean() - half), r.asRatio(r.test().mean() + half));
    }

    private static boolean excludesOne(List<Double> ci) {
        return ci.get(0) != null && ci.get(1) != null && (ci.get(0) > 1 || ci.get(1) < 1);
    }

    private static Double finite(double v) {
        return Double.isNaN(v) ? null : v;
    }

    private static String p(double v) {
        return String.format(Locale.ROOT, "%.2g", v);
    }
}
