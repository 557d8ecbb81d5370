package org.sdbench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The analysis on synthetic runs with a known truth: seeded noise, with or without an effect. */
class AnalysisTest {
    private static final List<Figure> FIGURES = List.of(
            new Figure("blocks read", "blocks", Figure.Kind.PRIMARY, r -> null),
            new Figure("wal", "bytes", Figure.Kind.PRIMARY, r -> null),
            new Figure("response", "ms", Figure.Kind.SECONDARY, r -> null),
            new Figure("temp", "bytes", Figure.Kind.PRIMARY, r -> null));

    private static ExperimentPlan plan(int rounds, double effect) {
        return new ExperimentPlan(
                "t", List.of(Variant.parse("base:"), Variant.parse("alt:")), 2, Math.max(rounds, 2), 1, effect);
    }

    /** Runs whose figures carry multiplicative noise of {@code sd} (log scale), the alternative scaled by {@code factor}. */
    private static List<RunSample> samples(int rounds, double sd, Map<String, Double> factor, long seed) {
        Random r = new Random(seed);
        List<RunSample> out = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            double drift = 0.1 * r.nextGaussian();
            for (String v : List.of("base", "alt")) {
                Map<String, Double> values = new HashMap<>();
                for (Figure f : FIGURES) {
                    double f0 = v.equals("alt") ? factor.getOrDefault(f.name(), 1.0) : 1.0;
                    values.put(
                            f.name(),
                            f.name().equals("temp") ? 0.0 : 100 * f0 * Math.exp(drift + sd * r.nextGaussian()));
                }
                out.add(new RunSample(round, v.equals("base") ? 1 : 2, v, "runs/" + v + round, 0, null, values));
            }
        }
        return out;
    }

    @Test
    void of_twoIdenticalSettingsManySeeds_neverChanged() {
        int changed = 0;
        for (long seed = 0; seed < 200; seed++) {
            var a = Analysis.of(plan(5, 0.05), FIGURES, samples(5, 0.03, Map.of(), seed));
            changed += (int) a.figures().stream()
                    .filter(f -> f.verdict().equals(FigureResult.CHANGED))
                    .count();
        }
        // Family-wise 5 % over 3 figures: expect about 10 false "changed" of 600 at most; the bound leaves room.
        assertTrue(changed <= 20, changed + " false changes in 200 A/A experiments");
    }

    @Test
    void of_blocksReadDoubled_changedWithDirectionAndSize() {
        var a = Analysis.of(plan(3, 0.05), FIGURES, samples(3, 0.02, Map.of("blocks read", 2.0), 42));
        FigureResult f = a.find("blocks read", "alt").orElseThrow();
        assertEquals(FigureResult.CHANGED, f.verdict());
        assertEquals(2.0, f.ratio(), 0.1);
        assertTrue(f.ci95().get(0) > 1.5 && f.ci95().get(1) < 2.6, f.ci95().toString());
        assertEquals(
                FigureResult.CHANGED.equals(a.find("wal", "alt").orElseThrow().verdict()), false);
    }

    @Test
    void of_zeroInEveryRun_omittedWithReason() {
        var a = Analysis.of(plan(3, 0.05), FIGURES, samples(3, 0.02, Map.of(), 1));
        assertTrue(a.find("temp", "alt").isEmpty());
        assertEquals("0 in every run of both", a.omitted().get(0).reason());
    }

    @Test
    void of_effectMarginGiven_unchangedOnlyInsideIt() {
        var tight = Analysis.of(plan(8, 0.001), FIGURES, samples(8, 0.02, Map.of(), 3));
        var loose = Analysis.of(plan(8, 0.5), FIGURES, samples(8, 0.02, Map.of(), 3));
        assertFalse(tight.find("wal", "alt").orElseThrow().verdict().equals(FigureResult.UNCHANGED));
        assertEquals(
                FigureResult.UNCHANGED, loose.find("wal", "alt").orElseThrow().verdict());
    }

    @Test
    void of_oneRound_undecidedWithoutInterval() {
        var a = Analysis.of(plan(2, 0.05), FIGURES, samples(1, 0.02, Map.of("blocks read", 2.0), 5));
        FigureResult f = a.find("blocks read", "alt").orElseThrow();
        assertEquals(FigureResult.UNDECIDED, f.verdict());
        assertEquals(null, f.ci95().get(0));
        assertFalse(a.primaryDecided());
    }
}
