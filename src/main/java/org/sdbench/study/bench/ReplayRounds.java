package org.sdbench.study.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sdbench.measure.stats.Counterbalance;
import org.sdbench.measure.stats.RatioEstimate;

/**
 * The rounds of {@code bench replay}: in each, a measured sdbench run and a pgbench replay of the
 * one recorded run, and the target judged over them. One round gives one share; two runs of one
 * side differ by more than a few percent on a shared host, so more rounds give the share as the
 * geometric mean of the rounds' and its 95 % interval, paired by round as an experiment pairs its
 * variants, and the target is met only when the whole interval is.
 */
final class ReplayRounds {
    private final int planned;
    private final long replayedSteps;
    private final PrintWriter out;
    private final List<Double> sdbench = new ArrayList<>();
    private final List<Double> replay = new ArrayList<>();
    /** The order of the rounds after the first, over the two sides: sdbench (0) and the replay (1). */
    private final Counterbalance design;

    /**
     * {@code replayedSteps}: the recorded run's dialog steps, which every replay does again; {@code seed}
     * the bench's, for the order of the rounds.
     */
    ReplayRounds(int planned, long replayedSteps, long seed, PrintWriter out) {
        this.planned = planned;
        this.replayedSteps = replayedSteps;
        this.design = new Counterbalance(2, seed);
        this.out = out;
    }

    /**
     * Whether round {@code round} replays first. The first round runs sdbench first (its run is the
     * one recorded); the rounds after it take their order from the experiment's design
     * ({@link Counterbalance}), so a host that drifts favours neither side.
     */
    boolean replayFirst(int round) {
        return round > 1 && design.order(round - 1)[0] == 1;
    }

    /** A round's two runs; false when the replay did not finish, which ends the rounds there. */
    boolean add(BenchResult measured, Pgbench.Result pg) {
        int round = sdbench.size() + 1;
        if (!pg.complete()) {
            if (round > 1) {
                out.printf(
                        Locale.ROOT,
                        "round %-15d pgbench INCOMPLETE: %d of %d parts finished; %s%n",
                        round,
                        pg.finished(),
                        pg.processes(),
                        pg.failure());
                out.flush();
            }
            return false;
        }
        double sd = measured.stepsPerSecond() * 3600;
        double rep = replayedSteps * 3600 / pg.seconds();
        sdbench.add(sd);
        replay.add(rep);
        if (round > 1) {
            out.printf(
                    Locale.ROOT,
                    "round %-15d %s: sdbench %,.0f DS/h, replay %,.0f DS/h: %.1f%%%n",
                    round,
                    replayFirst(round) ? "replay first" : "sdbench first",
                    sd,
                    rep,
                    100 * sd / rep);
            out.flush();
        }
        return true;
    }

    /** Prints the target's line; true when it is met. */
    boolean judged() {
        double target = 100 * ReplayBench.TARGET_SHARE;
        if (planned == 1) {
            Judged share = Judged.atLeast(100 * sdbench.get(0) / replay.get(0), target, 1);
            out.printf(
                    Locale.ROOT,
                    "target: saturated sdbench >= %.0f%% of the pgbench replay's DS/h -> %s%%: %s%n",
                    target,
                    share.figure(),
                    share.verdict());
            out.flush();
            return share.met();
        }
        RatioEstimate e = RatioEstimate.paired(
                replay.stream().mapToDouble(Double::doubleValue).toArray(),
                sdbench.stream().mapToDouble(Double::doubleValue).toArray());
        // The interval's ends print on the side of the target they are on, as a single figure does.
        Judged low = Judged.atLeast(100 * e.low(), target, 1);
        Judged high = Judged.atLeast(100 * e.high(), target, 1);
        String verdict =
                low.met() ? "MET" : high.met() ? "UNDECIDED (the interval spans the target: add rounds)" : "NOT MET";
        out.printf(
                Locale.ROOT,
                "target: saturated sdbench >= %.0f%% of the pgbench replay's DS/h -> %.1f%% over %d rounds "
                        + "(geometric mean; 95 %% interval %s%% to %s%%): %s%n",
                target,
                100 * e.ratio(),
                e.rounds(),
                low.figure(),
                high.figure(),
                verdict);
        out.flush();
        return low.met();
    }
}
