package org.sdbench.study.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * One figure of one alternative against the baseline, as the pairs a design measured: what the
 * analysis judges. Each design builds its comparisons its own way; {@link #byRound} is the rounds
 * design's (the two runs of a round are a pair).
 */
public record Comparison(Figure figure, String variant, List<Pair> pairs, String unavailable) {
    /**
     * @param unavailable why the design cannot measure this figure at all (the analysis omits it with
     *     this reason); null when it can
     */
    public Comparison {
        pairs = List.copyOf(pairs);
    }

    public Comparison(Figure figure, String variant, List<Pair> pairs) {
        this(figure, variant, pairs, null);
    }

    /** Every figure of every alternative, as the measured rounds paired it, the rounds' pairs in their order. */
    static List<Comparison> of(ExperimentPlan plan, List<Figure> figures, List<RoundRunner.MeasuredRound> rounds) {
        List<Comparison> out = new ArrayList<>();
        for (Variant alt : plan.alternatives()) {
            for (Figure f : figures) {
                List<Pair> pairs = new ArrayList<>();
                String unavailable = null;
                for (RoundRunner.MeasuredRound r : rounds) {
                    pairs.addAll(r.pairs().of(f, alt));
                    unavailable = unavailable != null ? unavailable : r.pairs().unavailable(f);
                }
                out.add(new Comparison(f, alt.name(), pairs, unavailable));
            }
        }
        return out;
    }

    /** Every figure of every alternative, paired by round: the baseline's run and the alternative's run of each round. */
    static List<Comparison> byRound(ExperimentPlan plan, List<Figure> figures, List<RunSample> samples) {
        int rounds = samples.stream().mapToInt(RunSample::round).max().orElse(0);
        List<Comparison> out = new ArrayList<>();
        for (Variant alt : plan.alternatives()) {
            for (Figure f : figures) {
                List<Pair> pairs = new ArrayList<>();
                for (int round = 1; round <= rounds; round++) {
                    RunSample b = run(samples, plan.baseline().name(), round);
                    RunSample a = run(samples, alt.name(), round);
                    pairs.add(new Pair(
                            "round " + round,
                            b == null ? null : b.values().get(f.name()),
                            a == null ? null : a.values().get(f.name()),
                            b == null ? null : b.counts().get(f.name()),
                            a == null ? null : a.counts().get(f.name())));
                }
                out.add(new Comparison(f, alt.name(), pairs));
            }
        }
        return out;
    }

    private static RunSample run(List<RunSample> samples, String variant, int round) {
        return samples.stream()
                .filter(s -> s.round() == round && s.variant().equals(variant))
                .findFirst()
                .orElse(null);
    }
}
