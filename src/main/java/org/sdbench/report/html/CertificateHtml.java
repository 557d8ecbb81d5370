package org.sdbench.report.html;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.report.Certificate;
import org.sdbench.report.CertificateText;
import org.sdbench.report.RunReport;
import org.sdbench.report.TableBufferFigures;

/** The certificate-style block that ends report.html: the key figures and the run rules' verdict. */
final class CertificateHtml {
    private CertificateHtml() {}

    static void section(Html h, RunReport r) {
        Certificate c = r.certificate();
        if (c == null) {
            return;
        }
        h.section("certificate", "Certificate-style summary (SAPS-like, not a certified SAP benchmark)");
        List<List<String>> facts = new ArrayList<>();
        facts.add(List.of("users", Html.num(c.users(), 0)));
        facts.add(List.of("average dialog response time", Html.num(c.avgResponseMs() / 1000, 3) + " s"));
        facts.add(List.of("dialog steps/h", Html.num(c.dialogStepsPerHour(), 0)));
        facts.add(List.of("fully processed line items/h", Html.num(c.lineItemsPerHour(), 0)));
        facts.add(List.of(
                "SAPS-like", c.sapsLike() == null ? "none: the run broke the rules" : Html.num(c.sapsLike(), 0)));
        StringBuilder cpu = new StringBuilder();
        c.cpuPercentByTier()
                .forEach((tier, pct) -> cpu.append(cpu.isEmpty() ? "" : " · ")
                        .append(tier)
                        .append(' ')
                        .append(Html.num(pct, 1))
                        .append(" %"));
        facts.add(List.of("CPU utilisation", cpu.isEmpty() ? "not measured" : cpu.toString()));
        facts.add(List.of(
                "DB request time",
                "D: " + Html.num(c.dialogDbMsPerStep(), 1) + " ms per dialog step / U: "
                        + Html.num(c.updateDbMsPerUpdate(), 1) + " ms per update request"));
        facts.add(List.of(
                "DB size",
                c.dbSizeBytes() == null
                        ? "not measured"
                        : Html.num(c.dbSizeBytes() / 1048576.0, 1) + " MiB at the window's end"));
        facts.add(List.of("hardware", c.hardware() == null ? "not recorded" : c.hardware()));
        facts.add(List.of("verdict", CertificateText.verdictLine(c.verdict())));
        if (c.verdict().scope() != null && !c.verdict().checks().isEmpty()) {
            facts.add(List.of("rules applied", c.verdict().scope()));
        }
        h.facts(facts);
        if (!c.verdict().checks().isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            c.verdict()
                    .checks()
                    .forEach(x -> rows.add(List.of(
                            !x.applied() ? "n/a" : x.passed() ? "ok" : "FAILED",
                            x.rule(),
                            x.figure(),
                            x.requirement())));
            h.table(List.of("", "rule", "this run", "the rule"), rows, 99);
        }
        h.end();
    }

    /** The table buffer's window figures against the ≥ 98 % guideline. */
    static void tableBuffer(Html h, RunReport r) {
        TableBufferFigures b = r.tableBuffer();
        if (b == null) {
            return;
        }
        h.section("tablebuffer", "Table buffer (measurement window)");
        h.facts(List.of(
                List.of(
                        "hit ratio",
                        Html.pct(b.windowHitRatio()) + " · guideline ≥ 98 %: "
                                + (b.guideline() == TableBufferFigures.Guideline.MISSED
                                        ? "missed"
                                        : b.guidelineText())),
                List.of("reads", Html.num(b.windowHits(), 0) + " hits, " + Html.num(b.windowMisses(), 0) + " misses"),
                List.of(
                        "size",
                        Html.num(b.entries(), 0) + " entries in use of " + Html.num(b.capacityPerInstance(), 0)
                                + " per instance (appServer.tableBufferEntries)"),
                List.of(
                        "displaced / invalidated",
                        Html.num(b.evictions(), 0) + " / " + Html.num(b.invalidations(), 0) + " entries, whole run; "
                                + Html.num(b.syncPolls(), 0) + " DDLOG polls"),
                List.of(
                        "customizing changes",
                        Html.num(b.customizingChanges(), 0)
                                + " by the run (run.customizingChangeEvery), each announced in DDLOG")));
        h.end();
    }
}
