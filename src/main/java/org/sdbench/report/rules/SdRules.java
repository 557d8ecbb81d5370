package org.sdbench.report.rules;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sdbench.config.Durations;
import org.sdbench.config.RunRules;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.report.IntervalRow;
import org.sdbench.report.RuleCheck;
import org.sdbench.report.RunReport;
import org.sdbench.report.Verdict;

/**
 * Judges a run by the SD benchmark's rules as sdbench applies them: every user logged on before the
 * high-load window starts and through it, a window of at least {@link RunRules#MIN_WINDOW}, steady
 * throughput, the average dialog response time under the rule set's limit, and no error at all
 * (failed dialog steps or failed update requests). The window length is a rule of the standard
 * workload only (its 10 s think time is what makes 15 minutes a fair sample); for any other
 * workload it is reported as not applied, with the reason, and the verdict says so.
 */
public final class SdRules {
    /**
     * Steady state: the DS/h of every minute of the window within this fraction of the window's
     * DS/h. A minute, not the report interval, so that a few hundred users' random think-time
     * phases do not read as instability.
     */
    public static final double STEADY_BAND = 0.10;

    public static final double STEADY_BUCKET_SECONDS = 60;

    private SdRules() {}

    /** The standard workload's name and loop shape (workloads/sd-standard.yaml: 15 dialog steps, 10 s think time). */
    public static final String STANDARD_WORKLOAD = "sd-standard";

    static final Duration STANDARD_THINK_TIME = Duration.ofSeconds(10);
    static final int STANDARD_LINE_ITEMS = 5;
    static final int STANDARD_LIST_LENGTH = 40;

    public static Verdict judge(RunRules rules, WorkloadConfig workload, RunReport r, List<IntervalRow> rows) {
        if (rules == RunRules.NONE) {
            return new Verdict(rules.yamlName(), Verdict.NOT_JUDGED, List.of(), "no rules applied (run.rules = none)");
        }
        String deviation = notStandardBecause(workload);
        List<IntervalRow> window = rows.stream().filter(IntervalRow::inWindow).toList();
        List<RuleCheck> checks = new ArrayList<>();
        checks.add(rampUp(r.users(), window));
        checks.add(windowLength(r, workload, deviation));
        checks.add(steadyState(window, r.summary().windowSeconds()));
        checks.add(response(rules, r.summary().overall().response().avgMs()));
        checks.add(errors(r));
        String scope = deviation == null
                ? "workload " + workload.name() + " is the standard SD workload: every rule applies"
                : "workload " + workload.name() + " is not the standard SD workload (" + deviation + "): the "
                        + RunRules.MIN_WINDOW.toMinutes() + "-min window rule applies to " + STANDARD_WORKLOAD
                        + " only and was not applied; ramp-up, steady-state, response-time and errors were";
        return Verdict.of(rules.yamlName(), checks, scope);
    }

    /**
     * Why a workload is not the standard SD workload (name, think time, line items, list length),
     * or null when it is. A renamed or retuned copy is not the standard: its figures do not
     * compare with the benchmark's.
     */
    public static String notStandardBecause(WorkloadConfig w) {
        List<String> why = new ArrayList<>();
        if (!STANDARD_WORKLOAD.equals(w.name())) {
            why.add("name not " + STANDARD_WORKLOAD);
        }
        if (!STANDARD_THINK_TIME.equals(w.thinkTime())) {
            why.add("think time " + Durations.format(w.thinkTime()) + ", not " + Durations.format(STANDARD_THINK_TIME));
        }
        if (w.lineItems() != STANDARD_LINE_ITEMS) {
            why.add(w.lineItems() + " line items, not " + STANDARD_LINE_ITEMS);
        }
        if (w.listLength() != STANDARD_LIST_LENGTH) {
            why.add("VA05 lists " + w.listLength() + " orders, not " + STANDARD_LIST_LENGTH);
        }
        return why.isEmpty() ? null : String.join(", ", why);
    }

    private static RuleCheck rampUp(int users, List<IntervalRow> window) {
        int min = window.stream().mapToInt(IntervalRow::users).min().orElse(0);
        return new RuleCheck(
                "ramp-up",
                "all " + users + " users logged on before the window starts and through it",
                window.isEmpty()
                        ? "no interval in the window"
                        : "at least " + min + " of " + users + " users logged on during the window",
                !window.isEmpty() && min >= users);
    }

    private static RuleCheck windowLength(RunReport r, WorkloadConfig workload, String deviation) {
        double min = RunRules.MIN_WINDOW.toSeconds();
        double actual = r.summary().windowSeconds();
        boolean early = r.reliability() != null && r.reliability().stoppedEarly();
        String requirement =
                String.format(Locale.ROOT, "a high-load window of at least %.0f min (%s)", min / 60, STANDARD_WORKLOAD);
        String figure = String.format(Locale.ROOT, "%.0f s measured%s", actual, early ? ", stopped early" : "");
        if (deviation != null) {
            return RuleCheck.notApplied(
                    "window",
                    requirement,
                    "not applied, " + figure + ": workload " + workload.name() + " is not the standard workload ("
                            + deviation + ")");
        }
        // The harvested window can fall short of the configured one by a scheduling hiccup.
        boolean ok = actual >= min * 0.999 && !early;
        return new RuleCheck("window", requirement, figure, ok);
    }

    /** Groups the window's intervals into buckets of about a minute and compares their DS/h. */
    public static RuleCheck steadyState(List<IntervalRow> window, double windowSeconds) {
        String requirement = String.format(
                Locale.ROOT,
                "DS/h of every %.0f s of the window within ±%.0f %% of the window's",
                STEADY_BUCKET_SECONDS,
                STEADY_BAND * 100);
        List<double[]> buckets = new ArrayList<>();
        double seconds = 0;
        long steps = 0;
        for (IntervalRow row : window) {
            seconds += row.seconds();
            steps += row.steps();
            if (seconds >= STEADY_BUCKET_SECONDS * 0.999) {
                buckets.add(new double[] {seconds, steps});
                seconds = 0;
                steps = 0;
            }
        }
        if (seconds > 0) {
            if (seconds < STEADY_BUCKET_SECONDS / 2 && !buckets.isEmpty()) {
                double[] last = buckets.getLast();
                last[0] += seconds;
                last[1] += steps;
            } else {
                buckets.add(new double[] {seconds, steps});
            }
        }
        double totalSeconds = buckets.stream().mapToDouble(b -> b[0]).sum();
        double totalSteps = buckets.stream().mapToDouble(b -> b[1]).sum();
        if (buckets.size() < 2 || totalSteps == 0) {
            return new RuleCheck(
                    "steady-state",
                    requirement,
                    String.format(
                            Locale.ROOT,
                            "%d bucket(s) of throughput in %.0f s: too short to show a steady state",
                            buckets.size(),
                            windowSeconds),
                    false);
        }
        double mean = totalSteps / totalSeconds;
        double worst = 0;
        for (double[] b : buckets) {
            worst = Math.max(worst, Math.abs(b[1] / b[0] - mean) / mean);
        }
        return new RuleCheck(
                "steady-state",
                requirement,
                String.format(
                        Locale.ROOT,
                        "largest departure %.1f %% over %d buckets (window %,.0f DS/h)",
                        worst * 100,
                        buckets.size(),
                        mean * 3600),
                worst <= STEADY_BAND);
    }

    private static RuleCheck response(RunRules rules, double avgMs) {
        double limit = rules.responseLimit().toMillis();
        return new RuleCheck(
                "response-time",
                String.format(Locale.ROOT, "average dialog response time < %.0f ms (%s)", limit, rules.yamlName()),
                String.format(Locale.ROOT, "%.1f ms", avgMs),
                avgMs < limit);
    }

    private static RuleCheck errors(RunReport r) {
        long steps = r.summary().errorsByKind().values().stream()
                .mapToLong(Long::longValue)
                .sum();
        long updates = r.summary().update().errors();
        return new RuleCheck(
                "errors",
                "no failed dialog step and no failed update in the window",
                steps == 0 && updates == 0
                        ? "none"
                        : steps + " failed dialog steps " + r.summary().errorsByKind() + ", " + updates
                                + " failed updates",
                steps == 0 && updates == 0);
    }
}
