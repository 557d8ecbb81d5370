package org.sdbench.study.experiment;

/**
 * One paired observation of one figure: the baseline's and an alternative's value measured alike,
 * so that what both share cancels in their ratio. The rounds design pairs the two runs of a round;
 * other designs pair what they measure side by side (adjacent sub-windows of one run, two servers
 * at the same time).
 *
 * @param key               what was paired, for the reader (e.g. "round 3")
 * @param baseline          the baseline's value; null when not measured
 * @param alternative       the alternative's value; null when not measured
 * @param baselineEvents    for a count figure, the events behind the baseline's value; null otherwise or when unknown
 * @param alternativeEvents the same for the alternative
 */
public record Pair(String key, Double baseline, Double alternative, Long baselineEvents, Long alternativeEvents) {}
