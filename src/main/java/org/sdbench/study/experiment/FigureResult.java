package org.sdbench.study.experiment;

import java.util.List;

/**
 * One figure of one alternative against the baseline, as experiment.json and the terminal show it.
 *
 * @param family       confirmatory (a primary figure: Holm over the comparison's primary figures, family-wise
 *                     5 %, and the stop rule's spending) or descriptive (its own test at 5 %)
 * @param pairs        the pairs it was judged on (rounds, in the rounds design)
 * @param scale        ratio (log ratios of the pairs) or difference (per-step differences, where a run counted
 *                     0 or too few events for a ratio)
 * @param baseline     the baseline's typical value: geometric mean (ratio scale) or mean (difference scale)
 * @param alternative  the same for the alternative
 * @param ratio        alternative / baseline: the geometric mean of the pairs' ratios, or 1 + mean difference /
 *                     baseline; null when the baseline is 0
 * @param ci95         the ratio's 95 % interval (unadjusted, for reading); nulls below 2 pairs
 * @param interval     the interval the verdict used, at {@code intervalLevel}: the change test's at the level of its
 *                     Holm step and look, or for "unchanged" the equivalence test's (confidence 1 - 2 alpha)
 * @param mde          the change (a fraction: 0.05 = 5 %) a test at this verdict's level, with these pairs' spread,
 *                     detects with 80 % power, upwards; null below 3 pairs
 * @param mdeDecrease  the same downwards (on the ratio scale smaller than mde: the log scale is symmetric)
 * @param pValue       two-sided p-value of "no change" (paired t), unadjusted; null below 2 pairs
 * @param pAdjusted    pValue adjusted for the family (Holm) and the look (the stop rule's spending), so that the verdict
 *                     is changed or changed-within-effect exactly when it is at most 0.05; the descriptive figures' own p
 * @param pEquivalence the equivalence test's p-value (two one-sided t tests against +-effect), adjusted the same way:
 *                     within +-effect exactly when it is at most 0.05
 * @param verdict      changed, changed-within-effect (a change shown to lie inside +-effect), unchanged (shown to lie
 *                     inside +-effect, no change shown) or undecided
 * @param reason       what the reader needs beside the verdict (why an interval that excludes 1 is undecided, why it
 *                     is judged on differences); null when nothing
 * @param baselineValues    per-pair values, in pair order (null where a run did not measure it)
 * @param alternativeValues the same for the alternative
 */
public record FigureResult(
        String figure,
        String kind,
        String family,
        String unit,
        String variant,
        int pairs,
        String scale,
        Double baseline,
        Double alternative,
        Double ratio,
        List<Double> ci95,
        List<Double> interval,
        Double intervalLevel,
        Double mde,
        Double mdeDecrease,
        Double pValue,
        Double pAdjusted,
        Double pEquivalence,
        String verdict,
        String reason,
        List<Double> baselineValues,
        List<Double> alternativeValues) {
    public static final String CHANGED = "changed";
    public static final String CHANGED_WITHIN_EFFECT = "changed-within-effect";
    public static final String UNCHANGED = "unchanged";
    public static final String UNDECIDED = "undecided";
    public static final String CONFIRMATORY = "confirmatory";
    public static final String DESCRIPTIVE = "descriptive";

    public boolean decided() {
        return !UNDECIDED.equals(verdict);
    }

    /** True for changed and changed-within-effect: "no change" was rejected. */
    public boolean changed() {
        return CHANGED.equals(verdict) || CHANGED_WITHIN_EFFECT.equals(verdict);
    }

    public boolean confirmatory() {
        return CONFIRMATORY.equals(family);
    }
}
