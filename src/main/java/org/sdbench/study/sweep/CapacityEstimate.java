package org.sdbench.study.sweep;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sdbench.measure.stats.MeanInterval;

/**
 * The capacity with its interval: each complete round of the levels around the knee gives one
 * crossing of its response curve with the limit ({@link Crossing}); the rounds are the samples, so the
 * interval carries the run-to-run spread, and a drift of the host hits every level of a round alike.
 */
final class CapacityEstimate {
    static final double LEVEL = 0.95;
    static final String METHOD = "per round, the crossing of log(average response) with the limit, linear in users "
            + "between the round's two runs that bracket it (extended through the two nearest when a round does not); "
            + "Student's t 95 % interval of the mean crossing over the rounds (Commons Statistics TDistribution)";

    /** The rounds as they ran, their crossings, and the capacity (null below one crossing). */
    record Estimate(List<SweepResult.Round> rounds, List<Crossing> crossings, SweepResult.Capacity capacity) {}

    private CapacityEstimate() {}

    static Estimate of(List<SweepRun> runs, List<Integer> levels, double limitSeconds, List<String> notes) {
        Map<Integer, List<SweepRun>> byRound = new TreeMap<>();
        runs.stream()
                .filter(r -> r.phase().equals(SweepRun.ROUND))
                .forEach(r -> byRound.computeIfAbsent(r.round(), k -> new ArrayList<>())
                        .add(r));
        List<SweepResult.Round> rounds = new ArrayList<>();
        List<Crossing> crossings = new ArrayList<>();
        int unbracketed = 0;
        for (var e : byRound.entrySet()) {
            List<SweepRun> inRound = e.getValue().stream()
                    .sorted(Comparator.comparingInt(SweepRun::position))
                    .toList();
            List<Integer> order = inRound.stream().map(SweepRun::users).toList();
            boolean complete = levels != null && inRound.size() == levels.size();
            var c = complete ? Crossing.of(e.getKey(), inRound, limitSeconds) : java.util.Optional.<Crossing>empty();
            c.ifPresent(crossings::add);
            if (complete && c.isEmpty()) {
                unbracketed++;
            }
            rounds.add(new SweepResult.Round(
                    e.getKey(),
                    order,
                    complete,
                    c.map(Crossing::users).orElse(null),
                    c.map(Crossing::extrapolated).orElse(false)));
        }
        if (unbracketed > 0) {
            notes.add(unbracketed + " round(s) gave no crossing (their response grew with users between none of their"
                    + " runs) and are left out of the capacity");
        }
        long extended = crossings.stream().filter(Crossing::extrapolated).count();
        if (extended > 0) {
            notes.add(extended + " of " + crossings.size() + " rounds did not bracket the limit; their crossing extends"
                    + " the line through their two runs nearest it");
        }
        if (crossings.isEmpty()) {
            return new Estimate(rounds, crossings, null);
        }
        MeanInterval m =
                MeanInterval.of(crossings.stream().mapToDouble(Crossing::users).toArray(), LEVEL);
        int highest = levels.stream().mapToInt(Integer::intValue).max().orElse(0);
        if (m.mean() >= highest + 1) {
            notes.add("the capacity lies above the largest level measured (" + highest + " users): it extends the"
                    + " response curve past what was run; load the data for more users and raise --max-users");
        }
        int perLevel = levels.stream()
                .mapToInt(u -> (int) runs.stream()
                        .filter(r -> r.phase().equals(SweepRun.ROUND) && r.users() == u)
                        .count())
                .min()
                .orElse(0);
        // The most users under the limit is the whole users below the crossing; the interval's ends likewise.
        List<Integer> ci =
                m.samples() < 2 ? null : List.of((int) Math.floor(Math.max(0, m.low())), (int) Math.floor(m.high()));
        return new Estimate(
                rounds,
                crossings,
                new SweepResult.Capacity(
                        (int) Math.floor(m.mean()),
                        ci,
                        limitSeconds,
                        perLevel,
                        METHOD,
                        m.samples(),
                        m.mean(),
                        m.samples() < 2 ? null : m.relativeWidth(),
                        levels));
    }
}
