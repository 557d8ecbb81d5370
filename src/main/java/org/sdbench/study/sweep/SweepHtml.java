package org.sdbench.study.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.report.html.Html;
import org.sdbench.report.html.Page;

/**
 * sweep.html: the sizing statement, the capacity curve with every run as a dot and the capacity's
 * interval as a band, the model beside the measurement, and the runs.
 */
public final class SweepHtml {
    private SweepHtml() {}

    public static String render(SweepResult r) {
        Html h = new Html();
        h.raw("<header><h1>sdbench sweep: ").text(r.name()).raw("</h1></header>\n");
        h.section("sizing", "Sizing statement");
        h.facts(facts(r));
        h.list("hint", r.notes());
        h.end();
        h.section("curve", "Capacity curve");
        h.raw("<div class=\"grid\">\n");
        h.chart(
                "response",
                "Average dialog response time by users: each run a dot, the 95 % interval of the capacity shaded");
        h.chart("throughput", "Throughput by users (runs and model)");
        h.chart("cpu", "CPU by users (host, the sweep's own processes)");
        h.raw("</div>\n");
        h.end();
        if (r.model() != null) {
            h.section("model", "Queueing model against the measurement");
            h.facts(List.of(
                    List.of("method", r.model().method()),
                    List.of("stations", SweepTable.stations(r.model())),
                    List.of("fitted on", r.model().calibratedOnUsers() + " users"),
                    List.of("held out", SweepTable.heldOut(r.model().heldOut()))));
            List<List<String>> rows = new ArrayList<>();
            for (var p : r.model().predictions()) {
                rows.add(List.of(
                        Integer.toString(p.users()),
                        Html.num(p.measuredDsh(), 0),
                        Html.num(p.predictedDsh(), 0),
                        Html.num(p.measuredAvgMs(), 1),
                        Html.num(p.predictedAvgMs(), 1),
                        Html.num(p.cpuBusyPercent(), 1),
                        Html.num(p.workProcessesBusyPercent(), 1)));
            }
            h.table(
                    List.of(
                            "users",
                            "DS/h measured",
                            "DS/h model",
                            "avg ms measured",
                            "avg ms model",
                            "CPU busy % (model)",
                            "work processes busy % (model)"),
                    rows,
                    1);
            h.end();
        }
        h.section("runs", "Runs");
        List<List<String>> rows = new ArrayList<>();
        for (SweepRun l : r.runs()) {
            rows.add(List.of(
                    l.phase(),
                    l.round() == 0 ? "" : l.round() + "." + l.position(),
                    Integer.toString(l.users()),
                    Html.num(l.dialogStepsPerHour(), 0),
                    Html.num(l.sapsLike(), 0),
                    Html.num(l.avgResponseMs(), 1),
                    Html.num(l.p95ResponseMs(), 1),
                    l.hostBusyPercent() == null ? "n/a" : Html.num(l.hostBusyPercent(), 1),
                    Html.num(l.errorRate() * 100, 2),
                    l.folder()));
        }
        List<String> headings = new ArrayList<>(SweepRun.HEADINGS);
        headings.addAll(List.of("host CPU %", "errors %", "run folder"));
        h.table(headings, rows, 2);
        h.end();
        return Page.render("sdbench sweep " + r.name(), h.toString(), data(r), "sweep.js");
    }

    private static List<List<String>> facts(SweepResult r) {
        List<List<String>> f = new ArrayList<>();
        f.add(List.of("limit (average dialog response time)", Html.num(r.limitSeconds(), 3) + " s"));
        f.add(List.of("think time", Html.num(r.thinkSeconds(), 2) + " s"));
        var c = r.capacity();
        f.add(List.of(
                "users at the limit",
                c == null
                        ? "not measured"
                        : c.users()
                                + (c.ci95() == null
                                        ? ""
                                        : " (95 % interval " + c.ci95().get(0) + " to "
                                                + c.ci95().get(1) + ")")));
        if (c != null) {
            f.add(List.of(
                    "rounds",
                    c.rounds() + " rounds, " + c.runsPerLevel() + " runs per level at " + c.levels() + " users"));
            f.add(List.of("interval method", c.method()));
        }
        var s = r.sizing();
        if (s != null) {
            f.add(List.of(
                    "SAPS-like at the knee",
                    SweepTable.num(s.sapsLikeAtKnee()) + " raw, " + SweepTable.num(s.sapsLikeAtCalibrationSpeed())
                            + " at the workload's calibration speed"));
            f.add(List.of(
                    "SAPS-like per user", s.sapsLikePerUser() == null ? "n/a" : Html.num(s.sapsLikePerUser(), 2)));
            for (var t : s.tiers()) {
                f.add(List.of(
                        "CPU at the knee: " + t.tier(),
                        Html.num(t.cpuPercentOfHost(), 1) + " % of the host"
                                + (t.shareOfOwnCpu() == null
                                        ? ""
                                        : ", " + Html.num(t.shareOfOwnCpu() * 100, 0) + " % of the sweep's CPU")
                                + (t.memoryBytesPerUser() == null
                                        ? ""
                                        : ", " + SweepTable.bytes(t.memoryBytesPerUser()) + " per user")));
            }
            f.add(List.of("saturates first", s.bottleneck() == null ? "n/a" : s.bottleneck()));
            f.add(List.of(
                    "at 65 % CPU",
                    s.usersAt65PercentCpu() == null
                            ? "n/a"
                            : s.usersAt65PercentCpu() + " users, " + SweepTable.num(s.sapsLikeAt65PercentCpu())
                                    + " SAPS-like"));
            f.add(List.of(
                    "memory per user",
                    "roll area " + SweepTable.bytes(s.rollAreaBytesPerUser()) + ", database "
                            + SweepTable.bytes(s.databaseBytesPerUser())));
        }
        if (r.stopped() != null) {
            f.add(List.of("stopped", r.stopped()));
        }
        return f;
    }

    private static Map<String, Object> data(SweepResult r) {
        Map<String, Object> d = new LinkedHashMap<>();
        List<SweepRun> measured = r.runs().stream()
                .filter(x -> !x.phase().equals(SweepRun.WARM_UP))
                .toList();
        d.put("runUsers", measured.stream().map(SweepRun::users).toList());
        d.put("runAvg", measured.stream().map(SweepRun::avgResponseMs).toList());
        d.put("runDs", measured.stream().map(SweepRun::dialogStepsPerHour).toList());
        d.put("runHost", measured.stream().map(SweepRun::hostBusyPercent).toList());
        d.put(
                "runOwn",
                measured.stream()
                        .map(x -> x.ownCores() == null || x.logicalCpus() == 0
                                ? null
                                : x.ownCores() / x.logicalCpus() * 100)
                        .toList());
        d.put("users", r.levels().stream().map(SweepResult.Level::users).toList());
        d.put("avg", r.levels().stream().map(SweepResult.Level::avgResponseMs).toList());
        d.put(
                "ds",
                r.levels().stream().map(SweepResult.Level::dialogStepsPerHour).toList());
        d.put("limitMs", r.limitSeconds() * 1000);
        if (r.capacity() != null) {
            d.put("capacity", r.capacity().crossingMean());
            d.put("ci", r.capacity().ci95());
        }
        if (r.model() != null) {
            var p = r.model().predictions();
            d.put("predUsers", p.stream().map(SweepResult.Prediction::users).toList());
            d.put(
                    "predAvg",
                    p.stream().map(SweepResult.Prediction::predictedAvgMs).toList());
            d.put("predDs", p.stream().map(SweepResult.Prediction::predictedDsh).toList());
        }
        return d;
    }
}
