package org.sdbench.report;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Locale;
import org.sdbench.measure.metrics.Component;
import org.sdbench.measure.metrics.StepStats;
import org.sdbench.measure.metrics.Summary;

/** The human-readable end-of-run summary (machine output is result.json). */
public final class TerminalSummary {
    /** The components' columns, in the order of the steps table's format. */
    private static final String[] COLUMNS =
            Arrays.stream(Component.values()).map(Component::column).toArray(String[]::new);

    private TerminalSummary() {}

    public static void print(RunReport r, PrintWriter out) {
        var s = r.summary();
        var t = r.throughput();
        out.println();
        out.printf(
                Locale.ROOT,
                "== sdbench run '%s': %d users, %.0f s measurement window, think time %.2f s ==%n",
                r.name(),
                r.users(),
                s.windowSeconds(),
                r.thinkTimeSeconds());
        out.println("   " + RunReport.NOTE);
        out.printf(
                Locale.ROOT,
                "throughput    %,12.0f dialog steps/h   %,10.0f line items/h   %,8.0f SAPS-like%n",
                t.dialogStepsPerHour(),
                t.lineItemsPerHour(),
                t.sapsLike());
        out.printf(
                Locale.ROOT,
                "documents/h   %,12.0f orders   %,10.0f deliveries   %,10.0f invoices%n",
                t.ordersPerHour(),
                t.deliveriesPerHour(),
                t.invoicesPerHour());
        var o = s.overall().response();
        out.printf(
                Locale.ROOT,
                "response      avg %.1f ms (benchmark criterion)   p50 %.1f  p90 %.1f  p95 %.1f  p99 %.1f  max %.1f ms%n",
                o.avgMs(),
                o.p50Ms(),
                o.p90Ms(),
                o.p95Ms(),
                o.p99Ms(),
                o.maxMs());
        out.printf(
                Locale.ROOT,
                "little's law expected %,.0f DS/h, measured %,.0f DS/h (%+.1f %%)%n",
                r.littleLaw().expectedDialogStepsPerHour(),
                r.littleLaw().measuredDialogStepsPerHour(),
                r.littleLaw().deviation() * 100);
        out.println();
        out.printf(
                Locale.ROOT,
                "%-26s %7s %6s %8s %8s %8s | %6s %6s %7s %7s %6s %6s %7s %6s %5s %5s%n",
                "step",
                "steps",
                "err",
                "avg ms",
                "p95 ms",
                "max ms",
                COLUMNS[0],
                COLUMNS[1],
                COLUMNS[2],
                COLUMNS[3],
                COLUMNS[4],
                COLUMNS[5],
                COLUMNS[6],
                COLUMNS[7],
                "calls",
                "rows");
        for (StepStats st : s.steps()) {
            row(out, st);
        }
        out.println("-".repeat(146));
        for (StepStats st : s.transactions()) {
            row(out, st);
        }
        row(out, s.overall());
        var u = s.update();
        out.println();
        out.printf(
                Locale.ROOT,
                "update task   %,d V1 committed, %d failed; DB time per update V1 %.1f ms, V2 %.1f ms; "
                        + "dialog DB time per step %.1f ms; save->committed avg %.1f ms p95 %.1f ms; queue max %d%n",
                u.updates(),
                u.errors(),
                u.avgV1DbMs(),
                u.avgV2DbMs(),
                s.overall().avg().dbMs(),
                u.saveToCommitted().avgMs(),
                u.saveToCommitted().p95Ms(),
                u.maxQueueLength());
        var a = r.appTier();
        out.printf(
                Locale.ROOT,
                "app tier      %d instance(s) x %d dialog + %d update WPs; table buffer hit ratio %.2f %%; "
                        + "enqueue %,d requests, %d conflicts, avg %.1f us; roll area peak %,d user contexts; "
                        + "%,d DB round trips, %,d statements by the update task (whole run)%n",
                a.instances(),
                a.dialogWorkProcesses(),
                a.updateWorkProcesses(),
                a.tableBufferHitRatio() * 100,
                a.enqueueRequests(),
                a.enqueueConflicts(),
                a.enqueueAvgMicros(),
                a.rollAreaPeak(),
                a.dbRoundTrips(),
                a.updateDbCalls());
        tableBuffer(out, r.tableBuffer());
        numberRanges(out, a.numberRanges());
        WorkLines.print(r, out);
        var rel = r.reliability();
        out.printf(
                Locale.ROOT,
                "reliability   %d connections replaced, %d transactions retried, %d update requests "
                        + "recovered at start, %d pending / %d failed at end%s%s%n",
                rel.connectionsReplaced(),
                rel.retriedTransactions(),
                rel.recoveredUpdateRequests(),
                rel.pendingUpdateRequestsAtEnd(),
                rel.failedUpdateRequestsAtEnd(),
                rel.stoppedEarly() ? ", stopped early" : "",
                rel.faultCounts());
        out.printf(
                Locale.ROOT,
                "driver lag    p99 %.2f ms, max %.2f ms; %,d of %,d steps started more than %.0f ms late%n",
                s.thinkLag().p99Ms(),
                s.thinkLag().maxMs(),
                s.lateSteps(),
                s.thinkLag().count(),
                Summary.LATE_STEP_MS);
        DbLines.print(r, out);
        NetworkSection.print(r.network(), out);
        if (!r.thresholds().isEmpty()) {
            out.println();
            r.thresholds().forEach(x -> out.println("threshold     " + x.describe()));
        }
        if (!r.warnings().isEmpty()) {
            out.println();
            r.warnings().forEach(w -> out.println("WARNING " + w));
        }
        if (r.certificate() != null
                && Verdict.NOT_JUDGED.equals(r.certificate().verdict().status())) {
            // Unjudged, the block would repeat the figures above; report.html keeps it whole.
            out.println();
            out.println("verdict       "
                    + CertificateText.verdictLine(r.certificate().verdict())
                    + "; the certificate-style summary is in report.html");
        } else if (r.certificate() != null) {
            CertificateText.print(r.certificate(), out);
        }
        ThreeTierSection.print(r.threeTier(), out);
        out.flush();
    }

    private static void tableBuffer(PrintWriter out, TableBufferFigures b) {
        if (b == null) {
            return;
        }
        out.printf(
                Locale.ROOT,
                "table buffer  window hit ratio %.2f %% (%,d hits, %,d misses; guideline >= 98 %%: %s); "
                        + "%,d entries in use (all instances; %,d per instance at most), %,d displaced, %,d invalidated, %,d DDLOG polls%s%n",
                b.windowHitRatio() * 100,
                b.windowHits(),
                b.windowMisses(),
                b.guidelineText(),
                b.entries(),
                b.capacityPerInstance(),
                b.evictions(),
                b.invalidations(),
                b.syncPolls(),
                b.customizingChanges() == 0
                        ? ""
                        : String.format(Locale.ROOT, "; %,d customizing changes by the run", b.customizingChanges()));
    }

    /** Buffer sizes are per object; the counters are per instance over all objects and the whole run. */
    private static void numberRanges(PrintWriter out, RunReport.NumberRangeSummary nr) {
        if (nr == null) {
            return;
        }
        StringBuilder sizes = new StringBuilder();
        nr.bufferSizes()
                .forEach((k, v) -> sizes.append(sizes.isEmpty() ? "" : ", ")
                        .append(k)
                        .append(' ')
                        .append(v == 0 ? "unbuffered" : Integer.toString(v)));
        out.println("number ranges buffers " + sizes);
        out.printf(
                Locale.ROOT,
                "              whole run, all objects and instances: %,d interval fetches, %,d numbers, "
                        + "wait %.1f ms (%.1f us per number), %,d fetched but unused at stop%n",
                nr.intervalFetches(),
                nr.numbersIssued(),
                nr.waitMsTotal(),
                nr.waitMsPerNumber() * 1000,
                nr.unusedNumbers());
    }

    private static void row(PrintWriter out, StepStats st) {
        var c = st.avg();
        var l = st.response();
        out.printf(
                Locale.ROOT,
                "%-26s %7d %6d %8.1f %8.1f %8.1f | %6.1f %6.2f %7.1f %7.1f %6.2f %6.2f %7.1f %6.2f %5.1f %5.1f%n",
                Component.row(
                        new Object[] {st.label(), st.count(), st.errors(), l.avgMs(), l.p95Ms(), l.maxMs()},
                        c,
                        st.dbCallsPerStep(),
                        st.dbRowsPerStep()));
    }
}
