package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sdbench.measure.stats.PairedT;
import org.sdbench.measure.stats.RatioEstimate;

/** The analysis on pairs with a known truth: seeded noise, with or without an effect. */
class AnalysisTest {
    private static final Figure BLOCKS = new Figure(
            "blocks read", "blocks", Figure.Kind.PRIMARY, r -> null, new Figure.Count("blocks read", r -> null, true));
    private static final Figure WAL = new Figure("wal", "bytes", Figure.Kind.PRIMARY, r -> null, null);
    private static final Figure CALL = new Figure(
            "time per call", "ms", Figure.Kind.PRIMARY, r -> null, new Figure.Count("calls", r -> null, false));
    private static final Figure RESPONSE = new Figure("response", "ms", Figure.Kind.SECONDARY, r -> null, null);

    private static Analysis.Look look(double alpha, double effect) {
        return new Analysis.Look(alpha, alpha, effect);
    }

    /** Pairs whose values carry multiplicative noise of {@code sd} (log scale), the alternative scaled by {@code factor}. */
    private static Comparison noisy(Figure f, int pairs, double sd, double factor, Random r) {
        List<Pair> out = new ArrayList<>();
        for (int i = 1; i <= pairs; i++) {
            double drift = 0.1 * r.nextGaussian();
            double b = 100 * Math.exp(drift + sd * r.nextGaussian());
            double a = 100 * factor * Math.exp(drift + sd * r.nextGaussian());
            out.add(new Pair("round " + i, b, a, 10_000L, 10_000L));
        }
        return new Comparison(f, "alt", out);
    }

    private static Comparison exact(Figure f, double[] base, double[] alt, long[] baseEvents, long[] altEvents) {
        List<Pair> out = new ArrayList<>();
        for (int i = 0; i < base.length; i++) {
            out.add(new Pair(
                    "round " + (i + 1),
                    Double.isNaN(base[i]) ? null : base[i],
                    Double.isNaN(alt[i]) ? null : alt[i],
                    baseEvents == null ? null : baseEvents[i],
                    altEvents == null ? null : altEvents[i]));
        }
        return new Comparison(f, "alt", out);
    }

    @Test
    void of_twoIdenticalSettingsManySeeds_confirmatoryFalseChangeAtMostFivePercent() {
        int experiments = 0;
        int withChange = 0;
        for (long seed = 0; seed < 1000; seed++) {
            Random r = new Random(seed);
            var a = Analysis.of(
                    look(0.05, 0.05),
                    List.of(noisy(BLOCKS, 5, 0.03, 1, r), noisy(WAL, 5, 0.1, 1, r), noisy(CALL, 5, 0.2, 1, r)));
            experiments++;
            withChange += a.figures().stream().anyMatch(f -> f.confirmatory() && f.changed()) ? 1 : 0;
        }
        // Family-wise 5 %: about 50 of 1000; the bound is 5 % plus two Monte-Carlo standard errors.
        assertTrue(withChange <= 0.05 * experiments + 2 * Math.sqrt(0.05 * 0.95 * experiments), withChange + "");
    }

    @Test
    void of_blocksReadDoubled_changedWithDirectionSizeAndConsistentInterval() {
        var a = Analysis.of(
                look(0.05, 0.05),
                List.of(noisy(BLOCKS, 3, 0.02, 2.0, new Random(42)), noisy(WAL, 3, 0.02, 1, new Random(1))));
        FigureResult f = a.find("blocks read", "alt").orElseThrow();
        assertEquals(FigureResult.CHANGED, f.verdict());
        assertEquals(2.0, f.ratio(), 0.1);
        assertEquals(3, f.pairs());
        assertEquals(FigureResult.CONFIRMATORY, f.family());
        assertTrue(f.interval().get(0) > 1, "the verdict's interval excludes 1: " + f.interval());
        assertEquals(1 - 0.05 / 2, f.intervalLevel(), 1e-12, "Holm's first step of a family of 2");
        assertTrue(f.pAdjusted() <= 0.05 && f.pAdjusted() >= f.pValue());
    }

    @Test
    void of_changedExactlyWherePAdjustedAtMostFivePercent() {
        for (double alpha : new double[] {0.05, 0.01, 0.0016}) {
            for (long seed = 0; seed < 300; seed++) {
                Random r = new Random(seed);
                var a = Analysis.of(
                        look(alpha, 0.05),
                        List.of(
                                noisy(BLOCKS, 4, 0.05, 1 + r.nextDouble() * 0.2, r),
                                noisy(WAL, 4, 0.05, 1, r),
                                noisy(RESPONSE, 4, 0.1, 1.1, r)));
                for (FigureResult f : a.figures()) {
                    assertEquals(f.pAdjusted() != null && f.pAdjusted() <= 0.05, f.changed(), f.toString());
                    boolean excludes = f.interval().get(0) > 1 || f.interval().get(1) < 1;
                    if (!f.verdict().equals(FigureResult.UNCHANGED)) {
                        assertEquals(f.changed(), excludes, "the verdict's interval agrees with it: " + f);
                    }
                }
            }
        }
    }

    @Test
    void of_confirmatoryIntervalExcludesOneButHeld_reasonSaysHolm() {
        // Nine other figures make Holm's first step 0.005: p = 0.01 is "significant" alone, not in the family.
        List<Comparison> cs = new ArrayList<>();
        cs.add(exact(BLOCKS, new double[] {100, 100, 100, 100}, new double[] {110, 104, 108, 106}, null, null));
        for (int i = 0; i < 9; i++) {
            Figure f = new Figure("other " + i, "", Figure.Kind.PRIMARY, r -> null, null);
            cs.add(exact(f, new double[] {100, 100, 100, 100}, new double[] {101, 99, 100.5, 99.5}, null, null));
        }
        FigureResult f =
                Analysis.of(look(0.05, 0.5), cs).find("blocks read", "alt").orElseThrow();
        assertTrue(f.ci95().get(0) > 1, f.ci95().toString());
        assertFalse(f.changed());
        assertTrue(f.reason().contains("held by Holm"), f.reason());
    }

    @Test
    void of_zeroInEveryRun_omittedWithReason() {
        var a = Analysis.of(
                look(0.05, 0.05),
                List.of(exact(BLOCKS, new double[] {0, 0, 0}, new double[] {0, 0, 0}, new long[3], new long[3])));
        assertTrue(a.find("blocks read", "alt").isEmpty());
        assertEquals("0 in every run of both", a.omitted().get(0).reason());
    }

    @Test
    void of_perStepCountZeroInOneRound_judgedOnDifferencesOverEveryPair() {
        var a = Analysis.of(
                look(0.05, 0.05),
                List.of(exact(
                        BLOCKS,
                        new double[] {3.0, 2.8, 3.1, 2.9},
                        new double[] {0, 2.7, 3.0, 3.0},
                        new long[] {3000, 2800, 3100, 2900},
                        new long[] {0, 2700, 3000, 3000})));
        FigureResult f = a.find("blocks read", "alt").orElseThrow();
        assertEquals(4, f.pairs());
        assertEquals("difference", f.scale());
        assertTrue(f.reason().contains("0 blocks read in round 1 (alt)"), f.reason());
    }

    @Test
    void of_missingValueInOneRound_omittedNamingRoundAndSide() {
        var a = Analysis.of(
                look(0.05, 0.05),
                List.of(exact(WAL, new double[] {3.0, 2.8, 3.1}, new double[] {3.0, Double.NaN, 3.0}, null, null)));
        assertTrue(a.find("wal", "alt").isEmpty());
        assertEquals(
                "not measured in round 2 (alt): no pair without it",
                a.omitted().get(0).reason());
    }

    @Test
    void of_perCallFigureWithTooFewEvents_omittedNamingTheCount() {
        var a = Analysis.of(
                look(0.05, 0.05),
                List.of(exact(
                        CALL,
                        new double[] {1.0, 1.1, 0.9},
                        new double[] {1.0, 1.0, 1.0},
                        new long[] {500, 40, 500},
                        new long[] {500, 500, 500})));
        assertTrue(a.find("time per call", "alt").isEmpty());
        assertTrue(
                a.omitted().get(0).reason().contains("round 2 (baseline) counted 40 calls"),
                a.omitted().toString());
        assertTrue(
                a.omitted().get(0).reason().contains("needs 100 calls in each run"),
                a.omitted().toString());
    }

    @Test
    void of_effectMarginGiven_unchangedOnlyInsideIt() {
        var tight = Analysis.of(look(0.05, 0.001), List.of(noisy(WAL, 8, 0.02, 1, new Random(3))));
        var loose = Analysis.of(look(0.05, 0.5), List.of(noisy(WAL, 8, 0.02, 1, new Random(3))));
        assertFalse(tight.find("wal", "alt").orElseThrow().verdict().equals(FigureResult.UNCHANGED));
        FigureResult f = loose.find("wal", "alt").orElseThrow();
        assertEquals(FigureResult.UNCHANGED, f.verdict());
        assertTrue(f.pEquivalence() <= 0.05);
        assertTrue(f.interval().get(0) > 1 / 1.5 && f.interval().get(1) < 1.5, "inside +-effect: " + f.interval());
    }

    @Test
    void of_preciseSmallChange_changedWithinEffect() {
        var a = Analysis.of(look(0.05, 0.05), List.of(noisy(WAL, 6, 0.002, 1.02, new Random(9))));
        assertEquals(
                FigureResult.CHANGED_WITHIN_EFFECT,
                a.find("wal", "alt").orElseThrow().verdict());
    }

    @Test
    void of_twoPairs_mdeNotStated() {
        // At 2 pairs the t quantiles of 1 degree of freedom made the old MDE read +-5874964048833.8 %.
        FigureResult f = Analysis.of(look(0.05, 0.05), List.of(noisy(WAL, 2, 0.03, 1, new Random(5))))
                .find("wal", "alt")
                .orElseThrow();
        assertNull(f.mde());
        assertEquals("n/a", ExperimentTable.mde(f));
    }

    @Test
    void of_mde_fromPairedLogRatiosAtTheVerdictsLevel() {
        Random r = new Random(11);
        List<Comparison> cs = List.of(noisy(BLOCKS, 4, 0.03, 1, r), noisy(WAL, 4, 0.03, 1, r));
        FigureResult f = Analysis.of(look(0.05, 0.05), cs).find("wal", "alt").orElseThrow();
        double[] d = new double[4];
        for (int i = 0; i < 4; i++) {
            d[i] = Math.log(f.alternativeValues().get(i) / f.baselineValues().get(i));
        }
        // Two confirmatory figures: Holm's first step is 0.025.
        double delta = PairedT.of(d).detectable(0.025, RatioEstimate.POWER);
        assertEquals(Math.expm1(delta), f.mde(), 1e-12);
        assertEquals(-Math.expm1(-delta), f.mdeDecrease(), 1e-12);
        assertTrue(ExperimentTable.mde(f).matches("\\+\\d+\\.\\d/-\\d+\\.\\d %"), ExperimentTable.mde(f));
    }

    @Test
    void of_descriptiveFigure_ownTestAtFivePercent() {
        FigureResult f = Analysis.of(look(0.0016, 0.05), List.of(noisy(RESPONSE, 4, 0.05, 1.5, new Random(2))))
                .find("response", "alt")
                .orElseThrow();
        assertEquals(FigureResult.DESCRIPTIVE, f.family());
        assertEquals(f.pValue(), f.pAdjusted());
        assertEquals(0.95, f.intervalLevel(), 1e-12);
    }

    @Test
    void of_onePair_undecidedWithoutInterval() {
        var a = Analysis.of(look(0.05, 0.05), List.of(noisy(BLOCKS, 1, 0.02, 2.0, new Random(5))));
        FigureResult f = a.find("blocks read", "alt").orElseThrow();
        assertEquals(FigureResult.UNDECIDED, f.verdict());
        assertNull(f.ci95().get(0));
        assertFalse(a.confirmatoryDecided());
    }
}
