package org.sdbench.report;

import java.util.List;

/**
 * The verdict of the run rules on one run.
 *
 * @param rules the rule set applied (run.rules: sd, sd-pre2009, none)
 * @param status {@value #VALID} when every applied rule passed, {@value #INVALID} when one failed,
 *     {@value #NOT_JUDGED} under rules none
 * @param scope which rules were applied to this run and why (the workload decides whether the
 *     15-minute window applies); null in folders written before it existed
 */
public record Verdict(String rules, String status, List<RuleCheck> checks, String scope) {
    public static final String VALID = "valid";
    public static final String INVALID = "invalid";
    public static final String NOT_JUDGED = "not-judged";

    public Verdict {
        checks = checks == null ? List.of() : List.copyOf(checks);
    }

    public Verdict(String rules, String status, List<RuleCheck> checks) {
        this(rules, status, checks, null);
    }

    public static Verdict of(String rules, List<RuleCheck> checks, String scope) {
        return new Verdict(rules, checks.stream().allMatch(RuleCheck::passed) ? VALID : INVALID, checks, scope);
    }

    /** The rules that did not apply to this run (each says why in its figure). */
    public List<RuleCheck> notApplied() {
        return checks.stream().filter(c -> !c.applied()).toList();
    }

    public boolean valid() {
        return VALID.equals(status);
    }

    /** The rules that failed, for a one-line explanation. */
    public List<RuleCheck> failed() {
        return checks.stream().filter(c -> !c.passed()).toList();
    }
}
