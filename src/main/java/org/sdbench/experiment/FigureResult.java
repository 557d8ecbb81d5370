package org.sdbench.experiment;

import java.util.List;

/**
 * One figure of one alternative against the baseline, as experiment.json and the table show it.
 *
 * @param baseline    geometric mean of the baseline's values over the rounds used
 * @param alternative geometric mean of the alternative's values over the same rounds
 * @param ratio       alternative / baseline, the geometric mean of the per-round ratios
 * @param ci95        [low, high] of the ratio's 95 % interval; nulls below 2 rounds
 * @param mde         minimum detectable effect of this figure in this experiment so far, as a fraction (0.05 = 5 %);
 *                    null below 2 rounds
 * @param pValue      two-sided p-value of "no change", before Holm's correction; null below 2 rounds
 * @param verdict     changed (Holm-corrected test rejects "no change"), unchanged (the interval lies within
 *                    +-the plan's effect) or undecided
 * @param baselineValues    per-round values, in round order (null where a run did not measure it)
 * @param alternativeValues the same for the alternative
 */
public record FigureResult(
        String figure,
        String kind,
        String unit,
        String variant,
        int rounds,
        Double baseline,
        Double alternative,
        Double ratio,
        List<Double> ci95,
        Double mde,
        Double pValue,
        String verdict,
        List<Double> baselineValues,
        List<Double> alternativeValues) {
    public static final String CHANGED = "changed";
    public static final String UNCHANGED = "unchanged";
    public static final String UNDECIDED = "undecided";

    public boolean decided() {
        return !UNDECIDED.equals(verdict);
    }
}
