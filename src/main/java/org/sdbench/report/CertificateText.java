package org.sdbench.report;

import java.io.PrintWriter;
import java.util.Locale;

/** The certificate block as the terminal summary's last lines. */
public final class CertificateText {
    private CertificateText() {}

    public static void print(Certificate c, PrintWriter out) {
        out.println();
        out.println("== certificate-style summary (SAPS-like, not a certified SAP benchmark) ==");
        out.printf(Locale.ROOT, "users                 %,d%n", c.users());
        out.printf(Locale.ROOT, "avg response time     %.3f s%n", c.avgResponseMs() / 1000);
        out.printf(Locale.ROOT, "dialog steps/h        %,.0f%n", c.dialogStepsPerHour());
        out.printf(Locale.ROOT, "line items/h          %,.0f fully processed%n", c.lineItemsPerHour());
        out.println("SAPS-like             " + sapsLike(c));
        if (!c.cpuPercentByTier().isEmpty()) {
            StringBuilder b = new StringBuilder();
            c.cpuPercentByTier()
                    .forEach((tier, pct) -> b.append(b.isEmpty() ? "" : ", ")
                            .append(String.format(Locale.ROOT, "%s %.1f %%", tier, pct)));
            out.println("CPU utilisation       " + b);
        }
        out.printf(
                Locale.ROOT,
                "DB request time       dialog %.1f ms per step / update %.1f ms per request%n",
                c.dialogDbMsPerStep(),
                c.updateDbMsPerUpdate());
        if (c.dbSizeBytes() != null) {
            out.printf(
                    Locale.ROOT, "DB size               %,.1f MiB at the window's end%n", c.dbSizeBytes() / 1048576.0);
        }
        if (c.hardware() != null) {
            out.println("hardware              " + c.hardware());
        }
        Verdict v = c.verdict();
        out.println("verdict               " + verdictLine(v));
        if (v.scope() != null && !Verdict.NOT_JUDGED.equals(v.status())) {
            out.println("rules applied         " + v.scope());
        }
        v.checks().forEach(x -> out.println("  " + x.describe()));
        out.flush();
    }

    static String sapsLike(Certificate c) {
        return c.sapsLike() == null
                ? "none: the run broke the rules (" + failedNames(c.verdict()) + ")"
                : String.format(
                        Locale.ROOT,
                        "%,.0f%s",
                        c.sapsLike(),
                        Verdict.NOT_JUDGED.equals(c.verdict().status()) ? " (not judged by run rules)" : "");
    }

    /** One line: VALID under rules x / INVALID under rules x: failed a, b / not judged. */
    public static String verdictLine(Verdict v) {
        String notApplied = v.notApplied().isEmpty()
                ? ""
                : " (not applied: "
                        + String.join(
                                ", ",
                                v.notApplied().stream().map(RuleCheck::rule).toList()) + ")";
        return switch (v.status()) {
            case Verdict.VALID -> "VALID under rules " + v.rules() + notApplied;
            case Verdict.INVALID -> "INVALID under rules " + v.rules() + ": failed " + failedNames(v) + notApplied;
            default -> "not judged (run.rules = " + v.rules() + "; --rules sd or sd-pre2009 judges a run)";
        };
    }

    private static String failedNames(Verdict v) {
        return String.join(", ", v.failed().stream().map(RuleCheck::rule).toList());
    }
}
