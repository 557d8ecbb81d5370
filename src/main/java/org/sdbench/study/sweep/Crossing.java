package org.sdbench.study.sweep;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Where one round's response curve crosses the limit: between the two runs of the round that
 * bracket it, linear in users against the logarithm of the average response time (response grows
 * about exponentially with users as the knee nears, so its logarithm is close to a line there).
 * When a round does not bracket the limit (all its runs under, or all over), the line through its
 * two runs nearest the limit whose response grows with users is extended, and the crossing says so.
 *
 * @param fraction where the crossing lies from {@code lower} (0) to {@code upper} (1); outside [0, 1]
 *                 when extrapolated
 */
public record Crossing(int round, double users, boolean extrapolated, SweepRun lower, SweepRun upper, double fraction) {

    /**
     * The crossing of one round's runs (one per level, any order), or empty when the round has fewer
     * than two levels or its response grows with users between none of them.
     */
    public static Optional<Crossing> of(int round, List<SweepRun> runs, double limitSeconds) {
        List<SweepRun> sorted = runs.stream()
                .filter(r -> r.avgResponseMs() > 0)
                .sorted(Comparator.comparingInt(SweepRun::users))
                .toList();
        if (sorted.size() < 2) {
            return Optional.empty();
        }
        for (int i = 0; i + 1 < sorted.size(); i++) {
            SweepRun a = sorted.get(i);
            SweepRun b = sorted.get(i + 1);
            // The first crossing from below: on a noisy round that dips back under, the lower one is the capacity.
            if (a.avgResponseSeconds() < limitSeconds && b.avgResponseSeconds() >= limitSeconds) {
                return line(round, a, b, limitSeconds, false);
            }
        }
        // Not bracketed: the line through the two runs nearest the limit whose response grows with users.
        SweepRun bestA = null;
        SweepRun bestB = null;
        double best = Double.MAX_VALUE;
        double log = Math.log(limitSeconds);
        for (int i = 0; i < sorted.size(); i++) {
            for (int j = i + 1; j < sorted.size(); j++) {
                SweepRun a = sorted.get(i);
                SweepRun b = sorted.get(j);
                double score = Math.abs(Math.log(a.avgResponseSeconds()) - log)
                        + Math.abs(Math.log(b.avgResponseSeconds()) - log);
                if (b.avgResponseSeconds() > a.avgResponseSeconds() && b.users() > a.users() && score < best) {
                    best = score;
                    bestA = a;
                    bestB = b;
                }
            }
        }
        return bestA == null ? Optional.empty() : line(round, bestA, bestB, limitSeconds, true);
    }

    private static Optional<Crossing> line(int round, SweepRun a, SweepRun b, double limit, boolean extrapolated) {
        double la = Math.log(a.avgResponseSeconds());
        double lb = Math.log(b.avgResponseSeconds());
        if (!(lb > la) || a.users() == b.users()) {
            return Optional.empty();
        }
        double f = (Math.log(limit) - la) / (lb - la);
        double users = a.users() + f * (b.users() - a.users());
        return users > 0 ? Optional.of(new Crossing(round, users, extrapolated, a, b, f)) : Optional.empty();
    }

    /** A figure of the two runs at the crossing, linear in users between (or beyond) them. */
    public double at(ToDoubleFunction<SweepRun> figure) {
        double a = figure.applyAsDouble(lower);
        return a + fraction * (figure.applyAsDouble(upper) - a);
    }
}
