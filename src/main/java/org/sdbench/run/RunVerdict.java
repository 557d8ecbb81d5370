package org.sdbench.run;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.report.RunReport;
import org.sdbench.report.Verdict;
import org.sdbench.report.threshold.Thresholds;

/**
 * A completed run's exit code: 0 when it passed, 1 when a check failed (a --threshold, the rules'
 * verdict, failed steps in the window or a Little's-law departure beyond the report's own warning;
 * the last two waived by --accept-errors), 130 after Ctrl-C. {@code line} says why it failed.
 */
record RunVerdict(int exitCode, String line) {
    static final int OK = 0;
    static final int FAILED_CHECK = 1;
    static final int INTERRUPTED = 130;

    static RunVerdict of(RunReport r, boolean interrupted, boolean acceptErrors) {
        if (interrupted) {
            return new RunVerdict(INTERRUPTED, null);
        }
        List<String> failed = new ArrayList<>();
        if (r.thresholds() != null && !Thresholds.allPassed(r.thresholds())) {
            failed.add("a --threshold failed");
        }
        if (r.certificate() != null
                && Verdict.INVALID.equals(r.certificate().verdict().status())) {
            failed.add("the run rules found the run invalid");
        }
        if (!acceptErrors) {
            long errors = r.summary().errorsByKind().values().stream()
                    .mapToLong(Long::longValue)
                    .sum();
            if (errors > 0) {
                failed.add(String.format(
                        "%,d dialog steps failed in the window %s",
                        errors, r.summary().errorsByKind()));
            }
            if (r.littleLaw().departs(r.summary())) {
                failed.add(String.format(
                        "throughput departs %+.1f %% from Little's law (more than %.0f %%)",
                        r.littleLaw().deviation() * 100, RunReport.LittleLaw.TOLERANCE * 100));
            }
        }
        if (failed.isEmpty()) {
            return new RunVerdict(OK, null);
        }
        String waiver = acceptErrors ? "" : " (--accept-errors for a run that expects failed steps)";
        return new RunVerdict(FAILED_CHECK, "check failed: " + String.join("; ", failed) + waiver);
    }
}
