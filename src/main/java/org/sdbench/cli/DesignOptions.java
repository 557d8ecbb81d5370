package org.sdbench.cli;

import java.util.List;
import org.sdbench.study.experiment.Design;
import org.sdbench.study.experiment.ExperimentPlan;
import org.sdbench.study.experiment.ExperimentSetup;
import org.sdbench.study.experiment.Variant;
import picocli.CommandLine.Option;

/** The experiment's design options: its rounds and looks, the order's seed, the effect that matters, the design. */
final class DesignOptions {
    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "3",
            description = "The first look: least rounds before the experiment may stop (default ${DEFAULT-VALUE}). "
                    + "Equal to --max-rounds: one look, at the full 5 %%.")
    int rounds;

    @Option(
            names = "--max-rounds",
            paramLabel = "M",
            defaultValue = "10",
            description = "The last look: most rounds, the experiment stops here with figures still undecided (default "
                    + "${DEFAULT-VALUE}).")
    int maxRounds;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Seed of the counterbalanced order: which variant starts, and the Williams design for more "
                    + "than two (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--effect",
            paramLabel = "PERCENT",
            defaultValue = "5%",
            description =
                    "The smallest change that matters: 'unchanged' means two one-sided t tests show the change lies "
                            + "within +-PERCENT (default ${DEFAULT-VALUE}). Compare it with the MDE the experiment prints: a "
                            + "figure noisier than this stays undecided.")
    String effect;

    @Option(
            names = "--max-repeats",
            paramLabel = "N",
            defaultValue = "2",
            description = "How often a round runs again, whole and in the same order, when one of its runs was "
                    + "disturbed (CPU steal, other load on the host, a calibration warning); once spent, the round is "
                    + "kept and marked disturbed. 0 keeps every round as it ran (default ${DEFAULT-VALUE}).")
    int maxRepeats;

    @Option(
            names = "--design",
            paramLabel = "DESIGN",
            defaultValue = "rounds",
            description =
                    "How a round is measured and paired: rounds (every variant's run in turn; the runs of a round are"
                            + " a pair), alternate (one run per round, db.* settings switched inside it every --switch-every in an"
                            + " ABBA pattern; adjacent sub-windows are a pair; reload settings only) or duet (two servers at once)"
                            + " (default ${DEFAULT-VALUE}).")
    String design;

    @Option(
            names = "--switch-every",
            paramLabel = "DURATION",
            description = "With --design alternate: how long each variant's settings stay in force inside a run before"
                    + " they switch (e.g. 20s); a whole number of --interval, at least two (the first settles).")
    String switchEvery;

    /** The plan of the experiment {@code name} over {@code variants} (the first is the baseline). */
    ExperimentPlan plan(String name, List<Variant> variants) {
        return new ExperimentPlan(name, variants, rounds, maxRounds, seed, effect(), Design.of(design, switchEvery));
    }

    /** --effect as a fraction. */
    double effect() {
        return ExperimentSetup.effect(effect);
    }
}
