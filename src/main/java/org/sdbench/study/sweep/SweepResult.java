package org.sdbench.study.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a sweep found, written to sweep.json after every run (documented in
 * {@code org/sdbench/study/sweep/sweep.schema.json}): every run, the curve by level, the rounds around the
 * knee, the capacity with its interval, the queueing model checked on a level it did not see, and
 * the sizing statement. Everything but the runs and the plan is recomputed from them, so a resumed
 * sweep never trusts a figure from the file.
 */
public record SweepResult(
        int schemaVersion,
        String note,
        String name,
        String startedAt,
        String finishedAt,
        double limitSeconds,
        double thinkSeconds,
        Plan plan,
        List<SweepRun> runs,
        List<Level> levels,
        List<Round> rounds,
        Capacity capacity,
        Model model,
        Sizing sizing,
        String stopped,
        double elapsedSeconds,
        List<String> notes) {

    public static final int SCHEMA_VERSION = 2;

    /**
     * How the sweep runs, as a resumed sweep continues it.
     *
     * @param roundLevels the levels around the knee the rounds run; null until the search found them
     * @param loadedUsers users the data set holds (the database's memory per user divides by it)
     */
    public record Plan(
            String search,
            List<Integer> roundLevels,
            int minRounds,
            double precision,
            int maxRuns,
            Double budgetMinutes,
            long seed,
            int loadedUsers) {
        public Plan withRoundLevels(List<Integer> levels) {
            return new Plan(search, levels, minRounds, precision, maxRuns, budgetMinutes, seed, loadedUsers);
        }
    }

    /** The runs of one user count, averaged: a point of the capacity curve. */
    public record Level(
            int users,
            int runs,
            double avgResponseMs,
            double dialogStepsPerHour,
            double sapsLike,
            Double hostBusyPercent,
            double errorPercent) {}

    /** One round: its levels in the order they ran and where its response crossed the limit. */
    public record Round(int round, List<Integer> order, boolean complete, Double crossingUsers, boolean extrapolated) {}

    /**
     * The most users under the limit, with its interval.
     *
     * @param users         the whole users below the mean crossing
     * @param ci95          [low, high], whole users below each end of the 95 % interval; null below 2 rounds
     * @param runsPerLevel  the fewest round runs of any level around the knee
     * @param crossingMean  the mean crossing before rounding down
     * @param relativeWidth the interval's width over the mean crossing (what --precision is compared with)
     */
    public record Capacity(
            int users,
            List<Integer> ci95,
            double limitSeconds,
            int runsPerLevel,
            String method,
            int rounds,
            double crossingMean,
            Double relativeWidth,
            List<Integer> levels) {}

    /** The queueing model: its stations, its curve beside the measurement, and its check on a held-out level. */
    public record Model(
            String method,
            double thinkSeconds,
            double latencyMs,
            int workProcesses,
            List<Station> stations,
            List<Integer> calibratedOnUsers,
            List<Prediction> predictions,
            Integer predictedUsersUnderLimit,
            String bottleneck,
            HeldOut heldOut) {}

    /** A CPU pool of the model: its cores, the tiers on it, CPU per dialog step (all and on the step's path). */
    public record Station(
            String name,
            List<String> tiers,
            int cores,
            double demandMs,
            double pathDemandMs,
            double backgroundCores,
            double otherCores) {}

    public record Prediction(
            int users,
            double predictedAvgMs,
            double predictedDsh,
            double measuredAvgMs,
            double measuredDsh,
            double cpuBusyPercent,
            double workProcessesBusyPercent) {}

    /**
     * The model against a measured level it was not fitted on.
     *
     * @param errorPercent    (predicted - measured) / measured DS/h, in percent
     * @param avgErrorPercent the same for the average response time
     * @param judgement       within the targets, or by how much it misses them and why
     */
    public record HeldOut(
            int users,
            int runs,
            double predictedDsh,
            double measuredDsh,
            double predictedAvgMs,
            double measuredAvgMs,
            double errorPercent,
            double avgErrorPercent,
            boolean targetsMet,
            String judgement) {}

    /** The sizing statement, in SAP sizing's vocabulary. */
    public record Sizing(
            int usersAtLimit,
            List<Integer> ci95,
            Double sapsLikeAtKnee,
            Double sapsLikeAtCalibrationSpeed,
            Double sapsLikePerUser,
            Integer usersAt65PercentCpu,
            Double sapsLikeAt65PercentCpu,
            String bottleneck,
            List<TierShare> tiers,
            Double rollAreaBytesPerUser,
            Double databaseBytesPerUser) {}

    /** One tier at the knee: its CPU in percent of the host, its share of the sweep's own CPU, its memory per user. */
    public record TierShare(String tier, double cpuPercentOfHost, Double shareOfOwnCpu, Double memoryBytesPerUser) {}

    /** Recomputes everything from the runs. */
    public static SweepResult of(
            String note,
            String name,
            String startedAt,
            String finishedAt,
            double limitSeconds,
            double thinkSeconds,
            Plan plan,
            List<SweepRun> runs,
            String stopped,
            double elapsedSeconds) {
        List<String> notes = new ArrayList<>();
        List<SweepRun> measured = runs.stream()
                .filter(r -> !r.phase().equals(SweepRun.WARM_UP) && !r.stoppedEarly())
                .toList();
        long crowded = measured.stream()
                .filter(r -> r.otherCores() != null && r.otherCores() > r.logicalCpus() / 2.0)
                .count();
        if (crowded > 0) {
            notes.add(crowded + " of " + measured.size() + " runs had other programs on more than half of the host's"
                    + " CPUs: their figures say as much about the host as about the system (see each run's host CPU)");
        }
        var estimate = CapacityEstimate.of(measured, plan.roundLevels(), limitSeconds, notes);
        if (estimate.capacity() == null) {
            notes.add(
                    plan.roundLevels() == null
                            ? "no capacity yet: the levels measured do not bracket the limit (see the curve)"
                            : "no capacity yet: no complete round of the levels around the knee");
        } else if (estimate.capacity().ci95() == null) {
            notes.add("the capacity rests on one round: an interval needs two or more");
        }
        ModelFit.Fitted fit = ModelFit.of(measured, limitSeconds, thinkSeconds, notes);
        Sizing sizing = estimate.capacity() == null
                ? null
                : SizingStatement.of(
                        estimate.capacity(),
                        estimate.crossings(),
                        fit == null ? null : fit.model(),
                        measured,
                        plan.loadedUsers(),
                        notes);
        return new SweepResult(
                SCHEMA_VERSION,
                note,
                name,
                startedAt,
                finishedAt,
                limitSeconds,
                thinkSeconds,
                plan,
                runs,
                levels(measured),
                estimate.rounds(),
                estimate.capacity(),
                fit == null ? null : fit.summary(),
                sizing,
                stopped,
                elapsedSeconds,
                notes);
    }

    private static List<Level> levels(List<SweepRun> runs) {
        Map<Integer, List<SweepRun>> by = new TreeMap<>();
        runs.forEach(r -> by.computeIfAbsent(r.users(), u -> new ArrayList<>()).add(r));
        return by.entrySet().stream()
                .map(e -> {
                    var l = e.getValue();
                    var busy =
                            l.stream().filter(r -> r.hostBusyPercent() != null).toList();
                    return new Level(
                            e.getKey(),
                            l.size(),
                            ModelFit.mean(l, SweepRun::avgResponseMs),
                            ModelFit.mean(l, SweepRun::dialogStepsPerHour),
                            ModelFit.mean(l, SweepRun::sapsLike),
                            busy.isEmpty() ? null : ModelFit.mean(busy, SweepRun::hostBusyPercent),
                            ModelFit.mean(l, SweepRun::errorRate) * 100);
                })
                .toList();
    }

    /** The levels of the search phase (and earlier sessions' runs), for choosing the next level. */
    public List<SweepRun> measuredRuns() {
        return runs.stream().filter(r -> !r.phase().equals(SweepRun.WARM_UP)).toList();
    }
}
