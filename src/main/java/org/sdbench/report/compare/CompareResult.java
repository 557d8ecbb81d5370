package org.sdbench.report.compare;

import java.util.List;

/**
 * What {@code sdbench compare} found: key figures side by side with deltas against the first run
 * (the baseline) and their noise bands, and what differs between the runs' configurations, DB
 * settings and environments. Printed as a table, as JSON ({@code --json}) and as HTML.
 */
public record CompareResult(
        int schemaVersion,
        String note,
        List<Run> runs,
        List<Figure> figures,
        List<Diff> configDiff,
        List<Diff> dbSettingsDiff,
        List<Diff> environmentDiff,
        List<String> notes) {

    public static final int SCHEMA_VERSION = 1;

    /**
     * One side of the comparison: a run, or several runs of one setting (their first named).
     *
     * @param windowIntervals full measurement-window intervals of the first run, the samples of the within-run noise
     * @param dirs every run folder of this side
     */
    public record Run(
            String label,
            String dir,
            String name,
            String startedAt,
            int users,
            double windowSeconds,
            int windowIntervals,
            List<String> dirs) {
        public Run {
            dirs = dirs == null ? List.of(dir) : List.copyOf(dirs);
        }
    }

    /**
     * One key figure across the runs. The lists have one entry per run; entries for the baseline
     * (index 0) and unknown values are null.
     *
     * @param delta difference to the baseline in {@code deltaUnit}: "%" of the baseline, or "pp"
     *     (percentage points) for figures that are percentages themselves
     * @param noise half-width of the 95 % interval of that difference, in the same unit; null where
     *     the figure has no per-interval series
     * @param values with several runs per side, the side's geometric mean
     * @param verdict "better", "worse" (run-level comparisons only), "within noise", "needs runs" (one run per side
     *     and outside the within-run band: not a change until runs confirm it), or "" when unknown
     */
    public record Figure(
            String name,
            String unit,
            boolean higherIsBetter,
            List<Double> values,
            List<Double> delta,
            String deltaUnit,
            List<Double> noise,
            List<String> verdict) {}

    /** A key whose value differs between runs; one value per run ("(default)" or "(absent)" when unset). */
    public record Diff(String key, List<String> values) {}
}
