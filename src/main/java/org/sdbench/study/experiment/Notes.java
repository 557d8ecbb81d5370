package org.sdbench.study.experiment;

import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** The notes under an experiment's table: what the reader must know to trust or doubt its verdicts. */
final class Notes {
    private Notes() {}

    static List<String> of(ExperimentPlan plan, Analysis.Outcome a, List<RunSample> samples) {
        List<String> notes = new ArrayList<>();
        notes.add(plan.design().pairing() + "; ratios are alternative / baseline "
                + "(geometric mean of the pairs' ratios), with Student's t intervals over the pairs' log ratios");
        notes.add("MDE: the change a test at the verdict's level (this look's level / the family's size, Holm's first "
                + "step; 5 % for a descriptive figure) detects with 80 % power, from the spread of the pairs' log ratios;"
                + " n/a below 3 pairs, approximate (~) below 4");
        notes.add(String.format(
                Locale.ROOT,
                "verdicts: changed = 'no change' rejected (p adj. <= 0.05); unchanged = two one-sided t tests show "
                        + "the change lies within +-%.1f %% (--effect); changed-within-effect = both; undecided = "
                        + "neither (more pairs would tell, or the figure is noisier than --effect: compare its MDE)",
                plan.effect() * 100));
        notes.add("the interval beside a verdict is the one it used: the change test's at the level of its Holm step "
                + "and look (for 'unchanged' the equivalence test's), so it excludes 1 exactly where the verdict is a "
                + "change; the unadjusted 95 % interval is ci95 in experiment.json");
        notes.add(String.format(
                Locale.ROOT,
                "a ratio of a count figure needs %d events in each run; a per-step count below that in some run is "
                        + "judged on per-step differences (marked 'diff.') when the runs together counted %d",
                PairedFigure.MIN_EVENTS,
                PairedFigure.MIN_EVENTS));
        DoubleSummaryStatistics speed = samples.stream()
                .map(RunSample::workUnitsPerCpuSecond)
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .summaryStatistics();
        if (speed.getCount() > 1) {
            notes.add(String.format(
                    Locale.ROOT,
                    "the host ran the simulated work at %.3f-%.3f M units per CPU second "
                            + "across the runs (%.0f %% apart): SAPS-like and response times move with it",
                    speed.getMin() / 1e6,
                    speed.getMax() / 1e6,
                    100 * (speed.getMax() / speed.getMin() - 1)));
        }
        long failed = samples.stream().filter(s -> s.exitCode() != 0).count();
        if (failed > 0) {
            notes.add(failed + " run(s) failed their own checks (failed steps or a Little's-law departure; see their "
                    + "logs): their figures are still samples");
        }
        if (!a.omitted().isEmpty()) {
            notes.add(a.omitted().size() + " figure(s) are not judged: listed under 'omitted' with the reason");
        }
        return notes;
    }
}
