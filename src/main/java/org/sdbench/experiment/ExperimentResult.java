package org.sdbench.experiment;

import java.util.List;
import java.util.Map;

/**
 * experiment.json (schema version {@link #SCHEMA_VERSION}, documented in
 * {@code org/sdbench/experiment/experiment.schema.json}): the plan, every round's order and runs with
 * their figures, and each figure's ratio, interval, MDE and verdict per alternative. Written after
 * every round, so an interrupted experiment keeps what it measured.
 *
 * @param host         the host class every run ran on (CPU, logical CPUs, memory)
 * @param settings     what putting each database setting in force took
 * @param errorControl how the verdicts' error rate is controlled over all figures at once
 * @param stopped      why the experiment ended; null while it runs
 * @param omitted      figures without a ratio (zero or not measured on a side), with the reason
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
        List<Round> rounds,
        List<FigureResult> figures,
        List<Analysis.Omitted> omitted,
        List<String> notes) {
    public static final int SCHEMA_VERSION = 1;

    /** The experiment as planned: variants (the first is the baseline), rounds, seed, and each run's phases. */
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
            String layout) {}

    public record PlanVariant(String name, String changes, Map<String, String> dbSettings, List<String> overrides) {
        static PlanVariant of(Variant v) {
            return new PlanVariant(v.name(), v.describe(), v.dbSettings(), v.overrides());
        }
    }

    /** One round: the order its variants ran in and their runs. */
    public record Round(int round, List<String> order, List<RunSample> runs) {}
}
