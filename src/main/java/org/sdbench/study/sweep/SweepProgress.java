package org.sdbench.study.sweep;

import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The line before each run of a sweep: the phase, the level, the round, and an estimate of the time
 * left, from the wall time the sweep's runs took so far (the configured phases before the first).
 * The rounds still to come are the least the sweep runs plus, once an interval exists, the rounds its
 * width projects (it narrows with the square root of the rounds) for --precision; --max-runs and
 * --budget cap them.
 */
final class SweepProgress {
    /** Runs the search is assumed still to need while it is under way. */
    static final int SEARCH_RUNS_AHEAD = 2;

    private final double firstGuessSeconds;
    private final SweepResult.Plan plan;
    private final double budgetSeconds;

    /**
     * @param firstGuessSeconds a run's phases plus its reset, before any run took a measured time
     * @param budgetSeconds     --budget in seconds; infinite without one
     */
    SweepProgress(double firstGuessSeconds, SweepResult.Plan plan, double budgetSeconds) {
        this.firstGuessSeconds = firstGuessSeconds;
        this.plan = plan;
        this.budgetSeconds = budgetSeconds;
    }

    /** Seconds a run takes, from the runs so far. */
    double runSeconds(List<SweepRun> runs) {
        return runs.stream()
                .filter(r -> !r.phase().equals(SweepRun.WARM_UP) && r.elapsedSeconds() > 0)
                .mapToDouble(SweepRun::elapsedSeconds)
                .average()
                .orElse(firstGuessSeconds);
    }

    /**
     * Runs still to come after this one.
     *
     * @param roundsDone complete rounds so far
     * @param inRound    runs of the round under way still to come after this one (0 in the search)
     * @param capacity   the capacity so far; null before one
     */
    int runsLeft(boolean searching, int roundsDone, int inRound, SweepResult.Capacity capacity, int runsSoFar) {
        int k = plan.roundLevels() == null ? 3 : plan.roundLevels().size();
        int current = searching || inRound == 0 ? 0 : 1;
        int rounds = Math.max(plan.minRounds(), projectedRounds(capacity)) - roundsDone - current;
        int left = (searching ? SEARCH_RUNS_AHEAD : 0) + inRound + Math.max(0, rounds) * k;
        return Math.max(0, Math.min(left, plan.maxRuns() - runsSoFar - 1));
    }

    /** The rounds at which the interval's width would reach --precision, if its spread stays as it is. */
    private int projectedRounds(SweepResult.Capacity c) {
        if (c == null || c.relativeWidth() == null || c.rounds() < 2) {
            return 0;
        }
        int n = c.rounds();
        double t = tQuantile(n - 1);
        for (int m = n; m < n + 200; m++) {
            if (c.relativeWidth() * tQuantile(m - 1) / t * Math.sqrt((double) n / m) <= plan.precision()) {
                return m;
            }
        }
        return n + 200;
    }

    private static double tQuantile(int df) {
        return TDistribution.of(df).inverseCumulativeProbability((1 + CapacityEstimate.LEVEL) / 2);
    }

    /** "about 12 min left", capped by the budget. */
    String timeLeft(int runsLeft, double seconds, double elapsedSeconds) {
        double left = Math.min(runsLeft * seconds + seconds, Math.max(0, budgetSeconds - elapsedSeconds));
        return left < 90
                ? String.format(Locale.ROOT, "about %.0f s left", left)
                : left < 5400
                        ? String.format(Locale.ROOT, "about %.0f min left", left / 60)
                        : String.format(Locale.ROOT, "about %.1f h left", left / 3600);
    }
}
