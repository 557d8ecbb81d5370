package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.config.RunRules;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.core.SdStep;
import org.sdbench.database.load.TestDb;
import org.sdbench.measure.metrics.Interval;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.measure.metrics.StepClock;
import org.sdbench.protocol.StepOutcome;
import org.sdbench.protocol.StepResult;
import org.sdbench.protocol.StepTimes;
import org.sdbench.report.rules.SdRules;

class SdRulesTest {
    private static final long MS = 1_000_000L;
    private static final int USERS = 10;
    private static final WorkloadConfig STANDARD =
            TestDb.config("rules", "run.workload=workloads/sd-standard.yaml").workload();
    private static final WorkloadConfig QUICK = TestDb.config("rules").workload();

    /** A measured window of {@code seconds}, every step taking {@code stepMs}, {@code failed} steps failing. */
    private static Run run(int seconds, long stepMs, int failed) {
        StepClock clock = new StepClock(0);
        RunMetrics m = new RunMetrics(clock);
        StepTimes t = new StepTimes(MS, 0, 2 * MS, 5 * MS, 3, 0, 0, 0, 0, 0);
        List<IntervalRow> rows = new ArrayList<>();
        for (int i = 0; i < seconds / 10; i++) {
            for (SdStep s : SdStep.values()) {
                m.record(new StepResult(s, StepOutcome.Ok.INSTANCE, t, s == SdStep.VF01_SAVE ? 5 : 0), stepMs * MS);
            }
            clock.advance(10_000 * MS);
            rows.add(row(m.interval(true), USERS));
        }
        for (int i = 0; i < failed; i++) {
            m.record(
                    new StepResult(SdStep.VL01N_SELECT_ORDER, new StepOutcome.Skipped("earlier update failed"), t, 0),
                    stepMs * MS);
        }
        m.interval(true);
        var c = TestDb.config("rules", "run.users=" + USERS);
        var app = new RunReport.AppTier(1, 4, 2, null, 0, 0, 0, 1, 0, 0, 0, 0, 0);
        var rel = new RunReport.Reliability(0, 0, 0, true, 0, 0, false, 0, 0);
        RunReport r = RunReport.of(
                c,
                "test",
                "2025-01-01T00:00",
                "none",
                m.summary(),
                app,
                rel,
                new RunReport.Timeline(0, seconds, 0, 10),
                null,
                null,
                List.of());
        return new Run(r, rows);
    }

    private record Run(RunReport report, List<IntervalRow> rows) {}

    private static IntervalRow row(Interval i, int users) {
        return new IntervalRow(
                i.wallMillis(),
                i.endNanos() / 1e9,
                i.seconds(),
                "measurement",
                true,
                users,
                i.steps(),
                i.errors(),
                i.dialogStepsPerHour(),
                i.avgMs(),
                i.p95Ms(),
                i.maxMs(),
                i.avg(),
                i.lineItems(),
                i.updates(),
                i.updateQueueMax(),
                0,
                0);
    }

    private static RuleCheck check(Verdict v, String rule) {
        return v.checks().stream()
                .filter(c -> c.rule().equals(rule))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void judge_fifteenMinutesSteadyNoErrors_valid() {
        Run r = run(900, 200, 0);
        Verdict v = SdRules.judge(RunRules.SD, STANDARD, r.report(), r.rows());
        assertEquals(Verdict.VALID, v.status(), v.toString());
        assertEquals(
                List.of("ramp-up", "window", "steady-state", "response-time", "errors"),
                v.checks().stream().map(RuleCheck::rule).toList());
        Certificate c = Certificate.of(r.report(), v, null);
        assertEquals(r.report().throughput().sapsLike(), c.sapsLike(), 1e-9);
    }

    @Test
    void judge_shortWindowWithErrors_invalidNamingEachFailedRule() {
        Run r = run(60, 200, 3);
        Verdict v = SdRules.judge(RunRules.SD, STANDARD, r.report(), r.rows());
        assertEquals(Verdict.INVALID, v.status());
        // One minute cannot show a steady state either.
        assertEquals(
                List.of("window", "steady-state", "errors"),
                v.failed().stream().map(RuleCheck::rule).toList());
        assertEquals("60 s measured", check(v, "window").figure());
        assertTrue(
                check(v, "errors").figure().startsWith("3 failed dialog steps {skipped=3}"),
                check(v, "errors").figure());

        Certificate c = Certificate.of(r.report(), v, null);
        assertNull(c.sapsLike(), "an invalid run has no SAPS-like figure");
        StringWriter out = new StringWriter();
        CertificateText.print(c, new PrintWriter(out));
        assertTrue(
                out.toString().contains("INVALID under rules sd: failed window, steady-state, errors"), out.toString());
        assertTrue(
                out.toString()
                        .contains("SAPS-like             none: the run broke the rules (window, steady-state, errors)"),
                out.toString());
    }

    @Test
    void judge_responseBetweenOneAndTwoSeconds_validOnlyUnderPre2009() {
        Run r = run(900, 1500, 0);
        assertEquals(
                List.of("response-time"),
                SdRules.judge(RunRules.SD, STANDARD, r.report(), r.rows()).failed().stream()
                        .map(RuleCheck::rule)
                        .toList());
        assertEquals(
                Verdict.VALID,
                SdRules.judge(RunRules.SD_PRE2009, STANDARD, r.report(), r.rows())
                        .status());
    }

    @Test
    void judge_aUserNotLoggedOnInTheWindow_failsRampUp() {
        Run r = run(900, 200, 0);
        List<IntervalRow> rows = new ArrayList<>(r.rows());
        IntervalRow first = rows.getFirst();
        rows.set(
                0,
                row(
                        new Interval(0, 10_000 * MS, 0, true, first.steps(), 0, 200, 200, 200, 0, 0, 0, 0, null),
                        USERS - 1));
        RuleCheck rampUp = check(SdRules.judge(RunRules.SD, STANDARD, r.report(), rows), "ramp-up");
        assertFalse(rampUp.passed());
        assertEquals("at least 9 of 10 users logged on during the window", rampUp.figure());
    }

    @Test
    void steadyState_oneMinuteFarBelowTheRest_fails() {
        List<IntervalRow> rows = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            long steps = i >= 6 && i < 12 ? 70 : 100;
            rows.add(row(
                    new Interval(i * 10_000 * MS, (i + 1) * 10_000 * MS, 0, true, steps, 0, 5, 5, 5, 0, 0, 0, 0, null),
                    USERS));
        }
        RuleCheck c = SdRules.steadyState(rows, 300);
        assertFalse(c.passed(), c.figure());
        assertTrue(c.figure().startsWith("largest departure 25.5 % over 5 buckets"), c.figure());

        rows.replaceAll(x -> row(new Interval(0, 10_000 * MS, 0, true, 100, 0, 5, 5, 5, 0, 0, 0, 0, null), USERS));
        assertTrue(SdRules.steadyState(rows, 300).passed());
    }

    @Test
    void judge_rulesNone_notJudgedAndSapsLikeKept() {
        Run r = run(60, 200, 3);
        Verdict v = SdRules.judge(RunRules.NONE, STANDARD, r.report(), r.rows());
        assertEquals(Verdict.NOT_JUDGED, v.status());
        assertTrue(v.checks().isEmpty());
        assertEquals(
                r.report().throughput().sapsLike(),
                Certificate.of(r.report(), v, null).sapsLike(),
                1e-9);
    }

    @Test
    void notStandardBecause_standardFileAndRetunedCopies_onlyTheFileIsStandard() {
        assertNull(SdRules.notStandardBecause(STANDARD));
        assertEquals("name not sd-standard, think time 200ms, not 10s", SdRules.notStandardBecause(QUICK));
        var retuned = TestDb.config(
                        "rules",
                        "run.workload=workloads/sd-standard.yaml",
                        "workload.thinkTime=100ms",
                        "workload.listLength=10")
                .workload();
        assertEquals("think time 100ms, not 10s, VA05 lists 10 orders, not 40", SdRules.notStandardBecause(retuned));
    }

    @Test
    void judge_otherWorkloadShortWindow_windowNotAppliedWithTheReasonAndSaidInTheVerdict() {
        Run r = run(120, 200, 0);
        Verdict v = SdRules.judge(RunRules.SD, QUICK, r.report(), r.rows());
        RuleCheck window = check(v, "window");
        assertFalse(window.applied());
        assertEquals(
                "not applied, 120 s measured: workload sd-quick is not the standard workload (name not sd-standard, "
                        + "think time 200ms, not 10s)",
                window.figure());
        assertEquals(Verdict.VALID, v.status(), v.toString());
        assertTrue(v.scope().startsWith("workload sd-quick is not the standard SD workload"), v.scope());
        assertEquals("VALID under rules sd (not applied: window)", CertificateText.verdictLine(v));
        StringWriter out = new StringWriter();
        CertificateText.print(Certificate.of(r.report(), v, null), new PrintWriter(out));
        assertTrue(out.toString().contains("  n/a  window         not applied, 120 s measured"), out.toString());
        assertTrue(
                out.toString().contains("rules applied         workload sd-quick is not the standard SD workload"),
                out.toString());

        Verdict standard = SdRules.judge(RunRules.SD, STANDARD, r.report(), r.rows());
        assertEquals(
                List.of("window"),
                standard.failed().stream().map(RuleCheck::rule).toList());
        assertEquals("workload sd-standard is the standard SD workload: every rule applies", standard.scope());
        assertTrue(standard.notApplied().isEmpty());
    }

    @Test
    void judge_otherWorkloadWithErrors_stillInvalid() {
        Run r = run(120, 200, 2);
        Verdict v = SdRules.judge(RunRules.SD, QUICK, r.report(), r.rows());
        assertEquals(Verdict.INVALID, v.status());
        assertEquals(List.of("errors"), v.failed().stream().map(RuleCheck::rule).toList());
        assertEquals("INVALID under rules sd: failed errors (not applied: window)", CertificateText.verdictLine(v));
    }
}
