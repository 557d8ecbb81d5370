package org.sdbench.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.report.html.Html;
import org.sdbench.report.html.Page;

/** sweep.html: the capacity curve, measured against predicted, with the level table. */
public final class SweepHtml {
    private SweepHtml() {}

    public static String render(SweepResult r) {
        Html h = new Html();
        h.raw("<header><h1>sdbench sweep: ").text(r.name()).raw("</h1></header>\n");
        var m = r.measured();
        List<List<String>> facts = new ArrayList<>();
        facts.add(List.of("limit (average dialog response time)", Html.num(r.limitSeconds(), 2) + " s"));
        facts.add(List.of("think time", Html.num(r.thinkSeconds(), 2) + " s"));
        facts.add(List.of(
                "maximum users under the limit (interpolated)",
                m.maxUsers() == null ? "not bracketed" : Html.num(Math.floor(m.maxUsers()), 0)));
        facts.add(List.of("SAPS-like there", m.sapsLikeAtMax() == null ? "n/a" : Html.num(m.sapsLikeAtMax(), 0)));
        if (r.model() != null) {
            facts.add(List.of(
                    "queueing model's maximum users", String.valueOf(r.model().predictedMaxUsers())));
            facts.add(List.of(
                    "model error",
                    r.model().errorPercent() == null
                            ? "n/a"
                            : Html.num(r.model().errorPercent(), 1) + " %"));
        }
        h.facts(facts);
        h.list("hint", r.notes());
        h.section("curve", "Capacity curve");
        h.raw("<div class=\"grid\">\n");
        h.chart("response", "Average dialog response time by users (measured and predicted)");
        h.chart("throughput", "Throughput by users");
        h.chart("cpu", "CPU by users");
        h.raw("</div>\n");
        h.end();
        h.section("levels", "Levels");
        List<List<String>> rows = new ArrayList<>();
        for (SweepRun l : r.levels()) {
            rows.add(List.of(
                    Integer.toString(l.users()),
                    Html.num(l.dialogStepsPerHour(), 0),
                    Html.num(l.sapsLike(), 0),
                    Html.num(l.avgResponseMs(), 1),
                    Html.num(l.p95ResponseMs(), 1),
                    l.hostBusyPercent() == null ? "n/a" : Html.num(l.hostBusyPercent(), 1),
                    Html.num(l.errorRate() * 100, 2),
                    Html.bytes(l.documentBytes()),
                    l.folder()));
        }
        h.table(
                List.of(
                        "users",
                        "DS/h",
                        "SAPS-like",
                        "avg ms",
                        "p95 ms",
                        "host CPU %",
                        "errors %",
                        "documents",
                        "run folder"),
                rows,
                1);
        h.end();
        return Page.render("sdbench sweep " + r.name(), h.toString(), data(r), "sweep.js");
    }

    private static Map<String, Object> data(SweepResult r) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("users", r.levels().stream().map(SweepRun::users).toList());
        d.put("avg", r.levels().stream().map(SweepRun::avgResponseMs).toList());
        d.put("p95", r.levels().stream().map(SweepRun::p95ResponseMs).toList());
        d.put("ds", r.levels().stream().map(SweepRun::dialogStepsPerHour).toList());
        d.put("saps", r.levels().stream().map(SweepRun::sapsLike).toList());
        d.put("host", r.levels().stream().map(SweepRun::hostBusyPercent).toList());
        d.put("sim", r.levels().stream().map(SweepRun::simulatorCpuPercent).toList());
        d.put("limitMs", r.limitSeconds() * 1000);
        if (r.model() != null) {
            d.put(
                    "predUsers",
                    r.model().predictions().stream()
                            .map(SweepResult.Prediction::users)
                            .toList());
            d.put(
                    "predAvg",
                    r.model().predictions().stream()
                            .map(SweepResult.Prediction::avgResponseMs)
                            .toList());
            d.put(
                    "predDs",
                    r.model().predictions().stream()
                            .map(SweepResult.Prediction::dialogStepsPerHour)
                            .toList());
        }
        return d;
    }
}
