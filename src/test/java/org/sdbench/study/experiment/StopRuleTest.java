package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.sdbench.measure.stats.Counterbalance;

/**
 * The stop rule as coded, driven round by round with simulated experiments: the same order, pairing,
 * analysis and stop decision an experiment uses, on runs whose figures carry realistic run-to-run
 * spreads (log scale, from the A/As on the 2-vCPU VM: counters 1-5 %, WAL and time per call 10-25 %,
 * response times 30-50 %), a drift of the host that both runs of a round share, and a carry-over that
 * makes the second run of a round 3 % slower. Seeded: the same numbers every run.
 */
class StopRuleTest {
    /**
     * A comparison's figures: name and run-to-run spread (standard deviation of the log value). Names
     * starting with "response" are secondary (descriptive), the others primary (confirmatory).
     */
    private static final Map<String, Double> REALISTIC = Map.of(
            "blocks hit", 0.01,
            "commits", 0.02,
            "blocks read", 0.05,
            "wal bytes", 0.12,
            "time per call", 0.25,
            "db cpu", 0.2,
            "response avg", 0.3,
            "response p95", 0.5);
    /**
     * One confirmatory figure that decides soon, as when the other primary figures are omitted: the
     * case where re-testing at a fixed 5 % after every round said "changed" in 13 % of A/As.
     */
    private static final Map<String, Double> ONE_DECIDES =
            Map.of("blocks read", 0.05, "response avg", 0.3, "response p95", 0.5);

    private static List<Figure> figures(Map<String, Double> spreads) {
        return spreads.keySet().stream()
                .sorted()
                .map(n -> new Figure(
                        n,
                        "",
                        n.startsWith("response") ? Figure.Kind.SECONDARY : Figure.Kind.PRIMARY,
                        r -> null,
                        n.startsWith("blocks") ? new Figure.Count("blocks", r -> null, true) : null))
                .toList();
    }

    /** One simulated experiment to its stop; the alternative multiplies {@code figure} by {@code factor}. */
    private static StopRule.Look experiment(
            Map<String, Double> spreads, int min, int max, String figure, double factor, long seed) {
        List<Figure> figures = figures(spreads);
        ExperimentPlan plan =
                new ExperimentPlan("mc", List.of(Variant.parse("base:"), Variant.parse("alt:")), min, max, seed, 0.05);
        StopRule rule = new StopRule(plan);
        Counterbalance order = new Counterbalance(2, seed);
        SplittableRandom random = new SplittableRandom(seed);
        List<RunSample> samples = new ArrayList<>();
        for (int round = 1; ; round++) {
            double drift = 0.15 * random.nextGaussian();
            List<Variant> o = order.order(round, plan.variants());
            for (int position = 1; position <= 2; position++) {
                String v = o.get(position - 1).name();
                Map<String, Double> values = new HashMap<>();
                Map<String, Long> counts = new HashMap<>();
                for (Figure f : figures) {
                    double spread = spreads.get(f.name());
                    double effect = v.equals("alt") && f.name().equals(figure) ? factor : 1;
                    double carry = position == 2 ? 1.03 : 1;
                    values.put(f.name(), 100 * effect * carry * Math.exp(drift + spread * random.nextGaussian()));
                    counts.put(f.name(), 100_000L);
                }
                samples.add(new RunSample(round, position, v, "runs/" + v + round, 0, null, values, counts));
            }
            StopRule.Look look = rule.after(round, Comparison.byRound(plan, figures, samples));
            if (look.stop() != null) {
                return look;
            }
        }
    }

    private static boolean anyConfirmatoryChange(StopRule.Look look) {
        return look.outcome().figures().stream().anyMatch(f -> f.confirmatory() && f.changed());
    }

    /** The share of {@code n} seeded A/A experiments that end with any confirmatory figure "changed". */
    private static double falseChangeRate(Map<String, Double> spreads, int min, int max, int n) {
        int changed = 0;
        for (long seed = 0; seed < n; seed++) {
            changed += anyConfirmatoryChange(experiment(spreads, min, max, null, 1, seed)) ? 1 : 0;
        }
        return changed / (double) n;
    }

    private static void assertAtMostFivePercent(double rate, int n) {
        double error = Math.sqrt(0.05 * 0.95 / n);
        assertTrue(rate <= 0.05 + 2 * error, "A/A false-change rate " + rate + " of " + n + " experiments");
    }

    @Test
    void after_aaLooksFromThreeToTenRealisticFamily_falseChangeRateAtMostFivePercent() {
        assertAtMostFivePercent(falseChangeRate(REALISTIC, 3, 10, 3000), 3000);
    }

    @Test
    void after_aaLooksFromThreeToTenOneFigureDecides_falseChangeRateAtMostFivePercent() {
        // Re-testing at 5 % after every round (the rule this one replaced) gives 12.8 % here.
        assertAtMostFivePercent(falseChangeRate(ONE_DECIDES, 3, 10, 3000), 3000);
    }

    @Test
    void after_aaOneLook_falseChangeRateAtMostFivePercent() {
        assertAtMostFivePercent(falseChangeRate(REALISTIC, 4, 4, 3000), 3000);
    }

    @Test
    void after_realTwentyPercentEffectOnBlocksRead_foundAndNothingElseChanged() {
        int n = 500;
        int found = 0;
        int others = 0;
        for (long seed = 0; seed < n; seed++) {
            StopRule.Look look = experiment(REALISTIC, 3, 10, "blocks read", 0.8, seed);
            FigureResult f = look.outcome().find("blocks read", "alt").orElseThrow();
            found += f.changed() ? 1 : 0;
            others += look.outcome().figures().stream()
                            .anyMatch(x -> x.confirmatory()
                                    && x.changed()
                                    && !x.figure().equals("blocks read"))
                    ? 1
                    : 0;
        }
        assertTrue(found >= 0.95 * n, "found in " + found + " of " + n);
        assertTrue(others <= 0.05 * n + 2 * Math.sqrt(0.05 * 0.95 * n), others + " with another figure changed");
    }

    @Test
    void alpha_looksFromThreeToTen_spendFivePercentInAll() {
        ExperimentPlan plan =
                new ExperimentPlan("s", List.of(Variant.parse("base:"), Variant.parse("alt:")), 3, 10, 1, 0.05);
        StopRule rule = new StopRule(plan);
        double sum = 0;
        for (int r = 1; r <= 10; r++) {
            sum += rule.alpha(r);
        }
        assertEquals(0, rule.alpha(2));
        assertEquals(0.05, sum, 1e-12);
        assertTrue(rule.alpha(3) < rule.alpha(10), "early looks spend less");
    }
}
