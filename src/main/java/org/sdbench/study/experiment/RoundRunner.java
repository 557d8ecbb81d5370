package org.sdbench.study.experiment;

import java.util.List;
import org.sdbench.report.RunReport;

/**
 * The seam between an experiment's lifecycle and its design: how the warm-up and each round are
 * measured, and how a round's measurements pair up. {@link Experiment} keeps everything else, one
 * for every design: the counterbalanced order, the looks, the stop rule, experiment.json, Ctrl-C and
 * the settings put back.
 */
interface RoundRunner {
    /**
     * The discarded warm-up before round 1, in the variant round 1 starts with.
     *
     * @return the warm-up run, or null when Ctrl-C ended it
     */
    MeasuredRun warmUp(Variant first) throws InterruptedException;

    /**
     * Measures one round.
     *
     * @param order the round's counterbalanced order of the variants (the round starts with the first)
     * @return the round, or null when Ctrl-C ended it (the round is left out)
     */
    MeasuredRound measure(int round, List<Variant> order) throws InterruptedException;

    /**
     * The figures this design judges, from the standard ones (primary, secondary, statements): a design
     * whose pairs tell fewer figures names its own confirmatory family here. The standard ones by default.
     */
    default List<Figure> figures(List<Figure> standard) {
        return standard;
    }

    /** Lines for the experiment's header on how this design measures and pairs; none by default. */
    default List<String> describe() {
        return List.of();
    }

    /**
     * One run a design made: its sample (experiment.json), its report (where the figures come from)
     * and what disturbed it (empty for a quiet run).
     */
    record MeasuredRun(RunSample sample, RunReport report, List<Disturbance> disturbances) {
        public MeasuredRun {
            disturbances = List.copyOf(disturbances);
        }

        /** A run nothing judged disturbed. */
        public MeasuredRun(RunSample sample, RunReport report) {
            this(sample, report, List.of());
        }
    }

    /** A measured round's pairs, per figure and alternative. */
    interface RoundPairs {
        /** The round's pairs of {@code figure} of {@code alternative} against the baseline, keyed for the reader. */
        List<Pair> of(Figure figure, Variant alternative);

        /** Why the design cannot measure {@code figure} at all; null when it can. */
        default String unavailable(Figure figure) {
            return null;
        }
    }

    /**
     * One measured round.
     *
     * @param order      the variant names in the order the round ran them
     * @param runs       the runs it made
     * @param subWindows the sub-windows a design that switches inside a run measured; null for other designs
     * @param pairs      what the analysis judges
     */
    record MeasuredRound(
            int round,
            List<String> order,
            List<MeasuredRun> runs,
            List<SubWindows.Window> subWindows,
            RoundPairs pairs) {
        public MeasuredRound {
            order = List.copyOf(order);
            runs = List.copyOf(runs);
            subWindows = subWindows == null ? null : List.copyOf(subWindows);
        }
    }
}
