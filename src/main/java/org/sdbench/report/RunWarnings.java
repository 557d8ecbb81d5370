package org.sdbench.report;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.measure.metrics.Summary;
import org.sdbench.report.RunReport.LittleLaw;
import org.sdbench.report.RunReport.Reliability;

/** ST03-style guideline checks and driver-health warnings, one line each. */
final class RunWarnings {
    private RunWarnings() {}

    static List<String> of(Summary s, LittleLaw law, Reliability rel) {
        List<String> w = new ArrayList<>();
        if (s.overall().count() == 0) {
            w.add("no successful dialog step in the measurement window: nothing to report (see errors)");
        }
        for (var st : s.steps()) {
            if (st.count() == 0) {
                continue;
            }
            var a = st.avg();
            check(w, st.label(), "dispatcher wait", a.waitMs(), 50, "too few dialog work processes");
            check(w, st.label(), "DB request time", a.dbMs(), 400, "the database is the bottleneck");
            check(w, st.label(), "enqueue time", a.enqueueMs(), 5, "enqueue server is a bottleneck");
            check(w, st.label(), "roll-in time", a.rollInMs(), 20, "user context too large for the roll buffer");
            check(w, st.label(), "roll-out time", a.rollOutMs(), 20, "user context too large for the roll buffer");
        }
        if (law.departs(s)) {
            w.add(String.format(
                    "measured %,.0f DS/h departs %.1f %% from Little's law (%,.0f DS/h expected): "
                            + "the driver fell behind or steps failed; do not trust this throughput",
                    law.measuredDialogStepsPerHour(), law.deviation() * 100, law.expectedDialogStepsPerHour()));
        }
        if (s.thinkLag().p99Ms() > Summary.LATE_STEP_MS) {
            w.add(String.format(
                    "driver lag: %,d steps started more than %.0f ms late; p99 %.1f ms, max %.1f ms between "
                            + "a user's scheduled and actual step start",
                    s.lateSteps(),
                    Summary.LATE_STEP_MS,
                    s.thinkLag().p99Ms(),
                    s.thinkLag().maxMs()));
        }
        if (!s.stuckUsers().isEmpty()) {
            w.add(s.stuckUsers().size() + " users stuck since before the window started (users "
                    + listed(s.stuckUsers()) + "): each one's step, sent before the window and unanswered at its"
                    + " end, counts in it as a timeout");
        }
        long errors =
                s.errorsByKind().values().stream().mapToLong(Long::longValue).sum();
        if (errors > 0) {
            w.add("errors in the window: " + s.errorsByKind());
        }
        if (rel.pendingUpdateRequestsAtEnd() < 0) {
            w.add("the database was unreachable at the end: pending and failed update requests are unknown; "
                    + "those left in VBHDR are processed first by the next run");
        } else if (!rel.updateTaskDrained() && rel.pendingUpdateRequestsAtEnd() > 0) {
            w.add(rel.pendingUpdateRequestsAtEnd()
                    + " update requests still pending at the end: they stay in VBHDR "
                    + "and are processed first by the next run");
        }
        if (rel.failedUpdateRequestsAtEnd() > 0) {
            w.add(rel.failedUpdateRequestsAtEnd() + " update requests failed (VBHDR state E): fix the cause,"
                    + " then re-post them with 'sdbench check --repost'");
        }
        return w;
    }

    /** At most {@link #USERS_SHOWN} user numbers, then how many more. */
    private static String listed(List<Integer> users) {
        String shown = String.join(
                ", ", users.stream().limit(USERS_SHOWN).map(String::valueOf).toList());
        return users.size() > USERS_SHOWN ? shown + " and " + (users.size() - USERS_SHOWN) + " more" : shown;
    }

    private static final int USERS_SHOWN = 10;

    private static void check(List<String> w, String step, String what, double ms, double limit, String meaning) {
        if (ms > limit) {
            w.add(String.format("%s: average %s %.1f ms > %.0f ms (%s)", step, what, ms, limit, meaning));
        }
    }
}
