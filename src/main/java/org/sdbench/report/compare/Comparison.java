package org.sdbench.report.compare;

import java.util.List;

/**
 * What {@code sdbench compare} found: key figures side by side with deltas against the first run
 * (the baseline) and their noise bands, and what differs between the runs' configurations, DB
 * settings and environments. Printed as a table, as JSON ({@code --json}) and as HTML.
 */
public record Comparison(int schemaVersion, String note, List<Run> runs, List<Figure> figures, List<Diff> configDiff,
                         List<Diff> dbSettingsDiff, List<Diff> environmentDiff, List<String> notes) {

    public static final int SCHEMA_VERSION = 1;

    /**
     * @param windowIntervals full measurement-window intervals, the samples of the noise estimate
     */
    public record Run(String label, String dir, String name, String startedAt, int users, double windowSeconds,
                      int windowIntervals) {
    }

    /**
     * One key figure across the runs. The lists have one entry per run; entries for the baseline
     * (index 0) and unknown values are null.
     *
     * @param delta difference to the baseline in {@code deltaUnit}: "%" of the baseline, or "pp"
     *     (percentage points) for figures that are percentages themselves
     * @param noise half-width of the 95 % interval of that difference, in the same unit; null where
     *     the figure has no per-interval series
     * @param verdict "better", "worse" (both beyond the noise), "within noise", or "" when unknown
     */
    public record Figure(String name, String unit, boolean higherIsBetter, List<Double> values,
                         List<Double> delta, String deltaUnit, List<Double> noise, List<String> verdict) {
    }

    /** A key whose value differs between runs; one value per run ("(default)" or "(absent)" when unset). */
    public record Diff(String key, List<String> values) {
    }
}
