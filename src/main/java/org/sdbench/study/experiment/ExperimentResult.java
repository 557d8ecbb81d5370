package org.sdbench.study.experiment;

import java.util.List;
import java.util.Map;

/**
 * experiment.json (schema version {@link #SCHEMA_VERSION}, documented in
 * {@code org/sdbench/study/experiment/experiment.schema.json}): the plan, every round's order and runs with
 * their figures, and each figure's ratio, interval, MDE and verdict per alternative. Written after
 * every round, so an interrupted experiment keeps what it measured.
 *
 * @param host         the host class every run ran on (CPU, logical CPUs, memory)
 * @param settings     what putting each database setting in force took
 * @param errorControl how the verdicts' error rate is controlled: the confirmatory family, Holm, the stop rule
 * @param stopped      why the experiment ended; null while it runs
 * @param warmUp       the discarded run before round 1 (not a sample); null when it did not finish
 * @param rounds       every round: the order its variants ran in ({@code order}) and their runs
 * @param omitted      figures that are not judged, with the true reason
 */
public record ExperimentResult(
        int schemaVersion,
        String note,
        String name,
        String startedAt,
        String finishedAt,
        String host,
        Plan plan,
        List<String> settings,
        String errorControl,
        String stopped,
        RunSample warmUp,
        List<Round> rounds,
        List<FigureResult> figures,
        List<Analysis.Omitted> omitted,
        List<String> notes) {
    public static final int SCHEMA_VERSION = 2;

    /**
     * The experiment as planned: variants (the first is the baseline), rounds, seed, and each run's phases.
     *
     * @param design       how runs are paired: rounds (each round runs every variant once; its runs are a pair),
     *                     alternate (one run per round, the settings switched inside it; adjacent sub-windows are a
     *                     pair) or duet (two servers at once)
     * @param switchEverySeconds how long each sub-window of the alternate design lasts; null for other designs
     * @param confirmatory the figures of each alternative's confirmatory family (the primary figures)
     * @param stopRule     the looks and what each spends
     */
    public record Plan(
            List<PlanVariant> variants,
            int minRounds,
            int maxRounds,
            long seed,
            double effect,
            double rampUpSeconds,
            double windowSeconds,
            int users,
            String workload,
            String layout,
            String design,
            Double switchEverySeconds,
            List<String> confirmatory,
            String stopRule) {}

    public record PlanVariant(String name, String changes, Map<String, String> dbSettings, List<String> overrides) {
        static PlanVariant of(Variant v) {
            return new PlanVariant(v.name(), v.describe(), v.dbSettings(), v.overrides());
        }
    }

    /**
     * One round: the order its variants ran in and their runs.
     *
     * @param subWindows the sub-windows of the alternate design's run, in time order; null for other designs
     * @param repeats   how often the round ran again because a run was disturbed (0: it ran once)
     * @param disturbed the kept runs that were disturbed, with their reasons: the repeats were spent
     * @param replaced  every run of the attempts that were run again, each with its own reasons
     */
    public record Round(
            int round,
            List<String> order,
            List<RunSample> runs,
            List<SubWindows.Window> subWindows,
            int repeats,
            List<Repeats.DisturbedRun> disturbed,
            List<Repeats.DisturbedRun> replaced) {
        public Round {
            disturbed = disturbed == null ? List.of() : List.copyOf(disturbed);
            replaced = replaced == null ? List.of() : List.copyOf(replaced);
        }

        /** The same round with its runs' figures filled in. */
        Round withRuns(List<RunSample> valued) {
            return new Round(round, order, valued, subWindows, repeats, disturbed, replaced);
        }
    }
}
