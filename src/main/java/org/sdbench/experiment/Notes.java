package org.sdbench.experiment;

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
        notes.add("each run is one sample; ratios are alternative / baseline paired by round (geometric mean of the "
                + "per-round ratios), with Student's t 95 % intervals over the rounds");
        notes.add("MDE: the smallest change this many rounds detect with 80 % power at 95 % confidence, from the "
                + "baseline's own run-to-run spread (an A/A pair differs by sqrt(2) times it)");
        notes.add(String.format(
                Locale.ROOT,
                "verdicts: changed = no change rejected after Holm's correction over every "
                        + "judged figure; unchanged = the interval lies within +-%.1f %% (--effect); undecided = neither (more "
                        + "rounds would tell, or the noise is larger than --effect: compare the MDE)",
                plan.effect() * 100));
        notes.add("the intervals do not account for stopping early once decided; --rounds sets the least rounds "
                + "before a stop");
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
            notes.add(a.omitted().size()
                    + " figure(s) have no ratio (zero or not measured on a side): listed under 'omitted'");
        }
        return notes;
    }
}
