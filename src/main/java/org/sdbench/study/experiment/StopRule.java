package org.sdbench.study.experiment;

import java.util.List;
import java.util.Locale;
import org.sdbench.measure.stats.AlphaSpending;

/**
 * When an experiment may stop, and what each look may spend: the looks are the rounds from
 * --rounds to --max-rounds; each look tests the confirmatory families at its increment of an
 * O'Brien-Fleming-type spending of 5 % (Lan-DeMets), the increments adding up to 5 %, so that the
 * chance of a false "changed" in a comparison stays at 5 % whichever look ends the experiment. It
 * ends at the first look where every confirmatory figure is decided, else at --max-rounds. With
 * --rounds equal to --max-rounds there is one look, at the full 5 %.
 */
final class StopRule {
    private final ExperimentPlan plan;
    private final AlphaSpending spending;

    /** One look: the verdicts as of a round, and why the experiment stops there (null: it goes on). */
    record Look(Analysis.Outcome outcome, String stop) {}

    StopRule(ExperimentPlan plan) {
        this.plan = plan;
        this.spending = new AlphaSpending(Analysis.ALPHA, plan.minRounds(), plan.maxRounds());
    }

    /** The level the confirmatory families are tested at after {@code round} rounds; 0 before the first look. */
    double alpha(int round) {
        return spending.at(round);
    }

    /** Judges the comparisons after {@code round} rounds and says whether the experiment stops. */
    Look after(int round, List<Comparison> comparisons) {
        double alpha = alpha(round);
        double mdeAlpha = alpha > 0 ? alpha : alpha(plan.minRounds());
        Analysis.Outcome o = Analysis.of(new Analysis.Look(alpha, mdeAlpha, plan.effect()), comparisons);
        String stop = null;
        if (round >= plan.minRounds() && round < plan.maxRounds() && o.confirmatoryDecided()) {
            stop = "every confirmatory figure decided after " + round + " rounds";
        } else if (round >= plan.maxRounds()) {
            stop = o.confirmatoryDecided()
                    ? "every confirmatory figure decided after " + round + " rounds (the round cap)"
                    : "the round cap (" + plan.maxRounds() + ") was reached with figures still undecided";
        }
        return new Look(o, stop);
    }

    /** The rule in one line, for the header and experiment.json. */
    String describe() {
        if (plan.minRounds() == plan.maxRounds()) {
            return "one look after " + plan.maxRounds() + " rounds, at the full 5 %";
        }
        StringBuilder s = new StringBuilder(String.format(
                Locale.ROOT,
                "looks after rounds %d to %d; it stops at the first where every confirmatory figure is decided."
                        + " Each look spends part of 5 %% (O'Brien-Fleming-type, Lan-DeMets):",
                plan.minRounds(),
                plan.maxRounds()));
        for (int r = plan.minRounds(); r <= plan.maxRounds(); r++) {
            s.append(String.format(Locale.ROOT, " %d: %.2g", r, alpha(r)));
            s.append(r < plan.maxRounds() ? "," : "");
        }
        return s.toString();
    }
}
