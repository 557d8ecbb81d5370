package org.sdbench.report.rules;

/**
 * One run rule as judged: what it demands, what the run showed, whether it passed.
 *
 * @param rule short stable name (ramp-up, window, steady-state, response-time, errors)
 * @param requirement what the rule demands, in words with its limit
 * @param figure what this run measured against it
 */
public record RuleCheck(String rule, String requirement, String figure, boolean passed) {

    /** One line for the terminal: {@code PASS window  ...}. */
    public String describe() {
        return String.format("%-4s %-14s %s (rule: %s)", passed ? "ok" : "FAIL", rule, figure, requirement);
    }
}
