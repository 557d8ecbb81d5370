package org.sdbench.report.html;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.sdbench.core.EnvironmentException;
import org.sdbench.measure.environment.Environment;
import org.sdbench.measure.metrics.Component;
import org.sdbench.measure.metrics.Components;
import org.sdbench.measure.metrics.StepStats;
import org.sdbench.report.AtomicFiles;
import org.sdbench.report.CertificateText;
import org.sdbench.report.IntervalRow;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReport;
import org.sdbench.report.ThreeTierSection;

/** report.html of one run: key figures, charts, the summary tables and warnings. */
public final class RunHtml {
    /** Writes the whole run folder: the machine-readable files, then report.html rendered from them. */
    public static void writeFolder(Path dir, RunReport report, List<IntervalRow> intervals, Environment env) {
        RunFolder.writeData(dir, report, intervals);
        Path html = dir.resolve(RunFolder.HTML);
        try {
            AtomicFiles.writeString(html, render(report, intervals, env));
        } catch (IOException e) {
            throw new EnvironmentException("writing " + html + " failed: " + e.getMessage());
        }
    }

    /** Rebuilds report.html from result.json and intervals.csv (and environment.json when present). */
    public static Path rebuild(RunFolder.Loaded run) {
        Path html = run.dir().resolve(RunFolder.HTML);
        try {
            AtomicFiles.writeString(html, render(run.report(), run.intervals(), run.environment()));
            return html;
        } catch (IOException e) {
            throw new EnvironmentException("writing " + html + " failed: " + e.getMessage());
        }
    }

    private RunHtml() {}

    public static String render(RunReport r, List<IntervalRow> rows, Environment env) {
        var s = r.summary();
        var t = r.throughput();
        Html h = new Html();
        h.raw("<header><h1>sdbench run '" + Html.esc(r.name()) + "'</h1><p class=\"sub\">")
                .text("started " + r.startedAt() + " · " + r.users() + " users · think time "
                        + Html.num(r.thinkTimeSeconds(), 2) + " s · measurement window "
                        + Html.num(s.windowSeconds(), 0) + " s · " + r.database())
                .raw("</p></header>\n");
        h.raw("<div class=\"cards\">\n");
        card(
                h,
                "SAPS-like",
                Html.num(t.sapsLike(), 0),
                r.certificate() != null && r.certificate().sapsLike() == null
                        ? "not valid: "
                                + CertificateText.verdictLine(r.certificate().verdict())
                        : "fully processed line items/h ÷ 20");
        card(h, "dialog steps/h", Html.num(t.dialogStepsPerHour(), 0), "measurement window");
        card(h, "avg response", Html.num(s.overall().response().avgMs(), 1) + " ms", "benchmark criterion");
        card(h, "p95 response", Html.num(s.overall().response().p95Ms(), 1) + " ms", "all dialog steps");
        card(h, "line items/h", Html.num(t.lineItemsPerHour(), 0), "invoiced (V1 committed)");
        card(
                h,
                "Little's law",
                signed(r.littleLaw().deviation() * 100) + " %",
                "expected " + Html.num(r.littleLaw().expectedDialogStepsPerHour(), 0) + " DS/h");
        long errors =
                s.errorsByKind().values().stream().mapToLong(Long::longValue).sum();
        card(
                h,
                "errors",
                Long.toString(errors),
                errors == 0 ? "none" : s.errorsByKind().toString());
        h.raw("</div>\n");
        Sections.thresholds(h, r.thresholds());
        if (!r.warnings().isEmpty()) {
            h.section("warnings", "Warnings (ST03 guidelines and run health)")
                    .list("warnings", r.warnings())
                    .end();
        }
        RunPicture.render(h, r, env);
        h.section("charts", "Over time and per step");
        h.raw("<div class=\"grid\">\n");
        h.chart("throughput", "Throughput: dialog steps per hour per interval (shaded: measurement window)");
        h.chart("response", "Dialog response time per interval: average and p95 (ms)");
        h.chart("users", "Users logged on");
        h.chart("queue", "Update queue length (max per interval and at its end)");
        h.chart("componentsOverTime", "Where the time went per interval: average ms per dialog step");
        h.chart("componentsPerTx", "Response-time components per transaction (ms per step, window)");
        h.raw("</div>\n");
        h.chart("percentiles", "Response-time percentiles per step (ms, window)");
        h.end();
        Sections.steps(h, s);
        Sections.appTier(h, r);
        CertificateHtml.tableBuffer(h, r);
        threeTier(h, r.threeTier());
        Sections.database(h, r);
        Sections.host(h, r, env);
        DiskLayoutHtml.section(h, env);
        WorkSection.render(h, r, env);
        CertificateHtml.section(h, r);
        Sections.network(h, r, env);
        return Page.render("sdbench " + r.name() + " " + r.startedAt(), h.toString(), data(r, rows), "run.js");
    }

    /** The three-tier section, worded by {@link ThreeTierSection} as the terminal words it. */
    private static void threeTier(Html h, RunReport.ThreeTier t) {
        if (t == null) {
            return;
        }
        h.section("threetier", "Three-tier: response time per tier, CPU per tier, processes");
        h.facts(ThreeTierSection.facts(t));
        h.table(ThreeTierSection.PROCESS_COLUMNS, ThreeTierSection.processes(t), 4);
        List<List<String>> instances = ThreeTierSection.instances(t);
        if (!instances.isEmpty()) {
            h.table(ThreeTierSection.INSTANCE_COLUMNS, instances, 1);
        }
        h.end();
    }

    private static void card(Html h, String label, String value, String hint) {
        h.raw("<div class=\"card\"><div class=\"label\">")
                .text(label)
                .raw("</div><div class=\"value\">")
                .text(value)
                .raw("</div><div class=\"hint\">")
                .text(hint)
                .raw("</div></div>\n");
    }

    static String signed(double v) {
        return (v >= 0 ? "+" : "") + Html.num(v, 1);
    }

    /** The chart data: time series from intervals.csv, per-transaction and per-step figures from result.json. */
    static Map<String, Object> data(RunReport r, List<IntervalRow> all) {
        // The drain after the last phase is a fraction of a second of stragglers: it would plot as a fall to zero.
        List<IntervalRow> rows =
                all.stream().filter(x -> !"done".equals(x.phase())).toList();
        Map<String, Object> d = new LinkedHashMap<>();
        var tl = r.timeline();
        if (tl != null) {
            d.put("window", List.of(tl.rampUpSeconds(), tl.rampUpSeconds() + tl.windowSeconds()));
        }
        d.put("t", series(rows, IntervalRow::endSeconds));
        d.put("ds", series(rows, IntervalRow::dsPerHour));
        d.put("avg", series(rows, IntervalRow::avgMs));
        d.put("p95", series(rows, IntervalRow::p95Ms));
        d.put("users", series(rows, IntervalRow::users));
        d.put("queueMax", series(rows, IntervalRow::updateQueueMax));
        d.put("queue", series(rows, IntervalRow::updateQueue));
        d.put("errors", series(rows, IntervalRow::errors));
        Map<String, Object> comp = new LinkedHashMap<>();
        for (var c : COMPONENTS.entrySet()) {
            comp.put(c.getKey(), series(rows, x -> c.getValue().applyAsDouble(x.avg())));
        }
        d.put("components", comp);
        List<Map<String, Object>> tx = new ArrayList<>();
        for (StepStats st : r.summary().transactions()) {
            tx.add(components(st));
        }
        tx.add(components(r.summary().overall()));
        d.put("tx", tx);
        List<Map<String, Object>> steps = new ArrayList<>();
        for (StepStats st : r.summary().steps()) {
            var l = st.response();
            steps.add(Map.of(
                    "label",
                    st.label(),
                    "avg",
                    l.avgMs(),
                    "p50",
                    l.p50Ms(),
                    "p90",
                    l.p90Ms(),
                    "p95",
                    l.p95Ms(),
                    "p99",
                    l.p99Ms(),
                    "max",
                    l.maxMs()));
        }
        d.put("steps", steps);
        return d;
    }

    /** Component name as shown in charts, to its value; roll-out is left out, it is not response time. */
    static final Map<String, ToDoubleFunction<Components>> COMPONENTS = new LinkedHashMap<>();

    static {
        Component.inResponse().forEach(c -> COMPONENTS.put(c.legend(), c::of));
    }

    private static Map<String, Object> components(StepStats st) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("label", st.label());
        COMPONENTS.forEach((k, f) -> m.put(k, f.applyAsDouble(st.avg())));
        m.put("response", st.response().avgMs());
        return m;
    }

    private static double[] series(List<IntervalRow> rows, ToDoubleFunction<IntervalRow> f) {
        return rows.stream()
                .mapToDouble(f)
                .map(v -> Math.round(v * 1000) / 1000.0)
                .toArray();
    }
}
