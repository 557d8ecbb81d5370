package org.sdbench.report.rules;

import java.util.List;

/**
 * The verdict of the run rules on one run.
 *
 * @param rules the rule set applied (run.rules: sd, sd-pre2009, none)
 * @param status {@value #VALID} when every rule passed, {@value #INVALID} when one failed,
 *     {@value #NOT_JUDGED} under rules none
 */
public record Verdict(String rules, String status, List<RuleCheck> checks) {
    public static final String VALID = "valid";
    public static final String INVALID = "invalid";
    public static final String NOT_JUDGED = "not-judged";

    public Verdict {
        checks = checks == null ? List.of() : List.copyOf(checks);
    }

    static Verdict of(String rules, List<RuleCheck> checks) {
        return new Verdict(rules, checks.stream().allMatch(RuleCheck::passed) ? VALID : INVALID, checks);
    }

    public boolean valid() {
        return VALID.equals(status);
    }

    /** The rules that failed, for a one-line explanation. */
    public List<RuleCheck> failed() {
        return checks.stream().filter(c -> !c.passed()).toList();
    }
}
