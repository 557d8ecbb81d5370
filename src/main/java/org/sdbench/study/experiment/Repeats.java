package org.sdbench.study.experiment;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sdbench.config.ConfigException;
import org.sdbench.measure.environment.Calibration;
import org.sdbench.report.RunReport;

/**
 * What an experiment does with a disturbed run (see {@link Disturbance}): it runs the whole round
 * again, in the same order, so that the round stays a pair and the counterbalance holds, at most
 * {@code max} times; the replaced runs stay listed with their reasons. When the repeats are spent the
 * last attempt is kept, marked disturbed.
 *
 * @param max   repeats of one round (--max-repeats); 0 keeps every round as it ran
 * @param judge what disturbed a run, from its report and the calibration it used
 */
public record Repeats(int max, Judge judge) {
    public static final int DEFAULT = 2;
    public static final int MOST = 10;

    /** The rule that names a run's disturbances; the experiment's is {@link Disturbance#of}. */
    @FunctionalInterface
    public interface Judge {
        List<Disturbance> of(RunReport report, Calibration calibration);
    }

    public Repeats {
        ConfigException.require(
                max >= 0 && max <= MOST, "--max-repeats", max, "a whole number of repeats from 0 to " + MOST);
    }

    /** The default: {@link #DEFAULT} repeats, judged by {@link Disturbance#of}. */
    public static Repeats of(int max) {
        return new Repeats(max, Disturbance::of);
    }

    /**
     * One run of a round that was disturbed or replaced.
     *
     * @param attempt 0 for the round's first attempt, 1 for its first repeat, ...
     * @param reasons what disturbed this run; empty for a quiet run replaced with its round
     */
    public record DisturbedRun(int attempt, String variant, String folder, List<Disturbance> reasons) {
        public DisturbedRun {
            reasons = List.copyOf(reasons);
        }
    }

    /** One attempt at a round: the runs that finished and what disturbed each (same order). */
    record Attempt(List<RunSample> samples, List<List<Disturbance>> reasons) {
        boolean disturbed() {
            return reasons.stream().anyMatch(r -> !r.isEmpty());
        }

        List<DisturbedRun> runs(int attempt, boolean all) {
            List<DisturbedRun> out = new ArrayList<>();
            for (int i = 0; i < samples.size(); i++) {
                if (all || !reasons.get(i).isEmpty()) {
                    RunSample s = samples.get(i);
                    out.add(new DisturbedRun(attempt, s.variant(), s.folder(), reasons.get(i)));
                }
            }
            return out;
        }
    }

    /** Whether an attempt is repeated, and says so on the terminal. */
    boolean again(int round, int attempt, Attempt a, PrintWriter out) {
        if (!a.disturbed()) {
            return false;
        }
        String why = why(a.runs(attempt, false));
        if (attempt < max) {
            out.printf(Locale.ROOT, "round %d disturbed (%s): repeating it, %d of %d%n", round, why, attempt + 1, max);
        } else {
            out.printf(
                    Locale.ROOT,
                    "round %d disturbed (%s): kept, marked disturbed (--max-repeats %d)%n",
                    round,
                    why,
                    max);
        }
        out.flush();
        return attempt < max;
    }

    /** The notes line on repeated and disturbed rounds; null when every round ran quiet the first time. */
    static String note(List<ExperimentResult.Round> rounds) {
        List<String> parts = new ArrayList<>();
        for (ExperimentResult.Round r : rounds) {
            if (r.repeats() > 0) {
                parts.add(String.format(
                        Locale.ROOT,
                        "round %d repeated %dx (%s)",
                        r.round(),
                        r.repeats(),
                        why(r.replaced().stream()
                                .filter(d -> !d.reasons().isEmpty())
                                .toList())));
            }
            if (!r.disturbed().isEmpty()) {
                parts.add("round " + r.round() + " kept disturbed (" + why(r.disturbed()) + ")");
            }
        }
        return parts.isEmpty()
                ? null
                : "disturbed runs (steal, other load, a calibration warning): " + String.join("; ", parts)
                        + "; the replaced runs are listed under rounds[].replaced in experiment.json";
    }

    private static String why(List<DisturbedRun> runs) {
        return String.join(
                ", ",
                runs.stream()
                        .map(d -> d.variant()
                                + (d.attempt() > 0 ? " (repeat " + d.attempt() + ")" : "")
                                + ": "
                                + String.join(
                                        ", ",
                                        d.reasons().stream()
                                                .map(Disturbance::text)
                                                .toList()))
                        .toList());
    }
}
