package org.sdbench.report;

/**
 * One run rule as judged: what it demands, what the run showed, whether it passed.
 *
 * @param rule short stable name (ramp-up, window, steady-state, response-time, errors)
 * @param requirement what the rule demands, in words with its limit
 * @param figure what this run measured against it, or why the rule was not applied
 * @param passed whether the run met it; true for a rule that was not applied (it cannot fail the run)
 * @param applied false when the rule does not apply to this run (the 15-minute window outside the
 *     standard workload): shown as "n/a" with the reason, never as a silent pass; absent (null) reads as true
 */
public record RuleCheck(String rule, String requirement, String figure, boolean passed, Boolean applied) {

    public RuleCheck {
        // Folders written before the field existed applied every rule.
        applied = applied == null || applied;
    }

    public RuleCheck(String rule, String requirement, String figure, boolean passed) {
        this(rule, requirement, figure, passed, true);
    }

    public static RuleCheck notApplied(String rule, String requirement, String why) {
        return new RuleCheck(rule, requirement, why, true, false);
    }

    /** One line for the terminal: {@code ok   window  ...}, {@code FAIL ...} or {@code n/a  ...}. */
    public String describe() {
        return String.format(
                "%-4s %-14s %s (rule: %s)", !applied ? "n/a" : passed ? "ok" : "FAIL", rule, figure, requirement);
    }
}
