package org.sdbench.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.report.IntervalRow;
import org.sdbench.report.RunFolder;
import org.sdbench.report.compare.CompareResult;
import org.sdbench.report.compare.Noise;

/** The comparison page: key figures with deltas and noise, diffs, and overlaid time series. */
public final class CompareHtml {
    private CompareHtml() {}

    public static String render(CompareResult c, List<RunFolder.Loaded> runs) {
        Html h = new Html();
        h.raw("<header><h1>sdbench compare</h1></header>\n");
        List<List<String>> refs = new ArrayList<>();
        c.runs()
                .forEach(r -> refs.add(List.of(
                        r.label(),
                        r.dir(),
                        r.name(),
                        r.startedAt(),
                        Integer.toString(r.users()),
                        Html.num(r.windowSeconds(), 0),
                        Integer.toString(r.windowIntervals()))));
        h.table(List.of("run", "folder", "name", "started", "users", "window s", "intervals"), refs, 4);
        h.section("figures", "Key figures (deltas against " + c.runs().get(0).label() + ")");
        h.raw("<table><thead><tr><th>figure</th>");
        for (var r : c.runs()) {
            h.raw("<th class=\"n\">").text(r.label()).raw("</th>");
            if (!r.label().equals(c.runs().get(0).label())) {
                h.raw("<th class=\"n\">Δ</th><th class=\"n\">noise ±95 %</th><th>verdict</th>");
            }
        }
        h.raw("</tr></thead><tbody>\n");
        for (var f : c.figures()) {
            if (f.values().stream().allMatch(v -> v == null)) {
                continue;
            }
            h.raw("<tr><td>")
                    .text(f.name() + (f.unit().isEmpty() ? "" : " (" + f.unit() + ")"))
                    .raw("</td>");
            for (int i = 0; i < f.values().size(); i++) {
                Double v = f.values().get(i);
                h.raw("<td class=\"n\">")
                        .text(v == null ? "n/a" : Html.num(v, Math.abs(v) >= 100 ? 0 : 2))
                        .raw("</td>");
                if (i > 0) {
                    Double d = f.delta().get(i);
                    Double n = f.noise().get(i);
                    String u = f.deltaUnit().equals("%") ? " %" : " pp";
                    String verdict = f.verdict().get(i);
                    h.raw("<td class=\"n\">")
                            .text(d == null ? "" : RunHtml.signed(d) + u)
                            .raw("</td><td class=\"n\">")
                            .text(n == null ? "" : "±" + Html.num(n, 1) + u)
                            .raw("</td><td class=\""
                                    + ("better".equals(verdict) ? "better" : "worse".equals(verdict) ? "worse" : "")
                                    + "\">")
                            .text(verdict)
                            .raw("</td>");
                }
            }
            h.raw("</tr>\n");
        }
        h.raw("</tbody></table>\n");
        h.list("hint", c.notes());
        h.end();
        diff(h, "config", "Configuration differences (config.yaml)", c, c.configDiff());
        diff(h, "settings", "DB settings differences (pg_settings)", c, c.dbSettingsDiff());
        diff(h, "environment", "Environment differences", c, c.environmentDiff());
        h.section("charts", "Over time (x: seconds since the measurement window began; shaded: the window)");
        h.raw("<div class=\"grid\">\n");
        h.chart("band", "Dialog steps/h in the window: mean and its 95 % band per run");
        h.chart("throughput", "Throughput per interval (DS/h)");
        h.chart("response", "Average response time per interval (ms)");
        h.chart("db", "DB time per dialog step per interval (ms)");
        h.raw("</div>\n");
        h.chart("steps", "Average response time per step (ms, window)");
        h.end();
        return Page.render("sdbench compare", h.toString(), data(c, runs), "compare.js");
    }

    private static void diff(Html h, String id, String title, CompareResult c, List<CompareResult.Diff> diffs) {
        h.section(id, title);
        if (diffs.isEmpty()) {
            h.tag("p", "hint", "none").end();
            return;
        }
        List<String> head = new ArrayList<>(List.of("key"));
        c.runs().forEach(r -> head.add(r.label()));
        List<List<String>> rows = new ArrayList<>();
        diffs.forEach(d -> {
            List<String> row = new ArrayList<>(List.of(d.key()));
            row.addAll(d.values());
            rows.add(row);
        });
        h.table(head, rows, 99).end();
    }

    private static Map<String, Object> data(CompareResult c, List<RunFolder.Loaded> runs) {
        List<Map<String, Object>> series = new ArrayList<>();
        double window = 0;
        for (int i = 0; i < runs.size(); i++) {
            var l = runs.get(i);
            var tl = l.report().timeline();
            double offset = tl == null ? 0 : tl.rampUpSeconds();
            window = Math.max(window, tl == null ? l.report().summary().windowSeconds() : tl.windowSeconds());
            List<IntervalRow> rows = l.intervals().stream()
                    .filter(r -> !"done".equals(r.phase()))
                    .toList();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", c.runs().get(i).label() + " " + l.dir().getFileName());
            m.put("t", rows.stream().mapToDouble(r -> r.endSeconds() - offset).toArray());
            m.put("ds", rows.stream().mapToDouble(IntervalRow::dsPerHour).toArray());
            m.put("avg", rows.stream().mapToDouble(IntervalRow::avgMs).toArray());
            m.put("db", rows.stream().mapToDouble(r -> r.avg().dbMs()).toArray());
            var band = Noise.of(l.intervals(), IntervalRow::dsPerHour);
            double hw = band.halfWidth95();
            m.put(
                    "band",
                    Double.isFinite(hw)
                            ? List.of(band.mean() - hw, band.mean() + hw)
                            : List.of(band.mean(), band.mean()));
            m.put(
                    "steps",
                    l.report().summary().steps().stream()
                            .map(s -> Map.of(
                                    "label", s.label(), "avg", s.response().avgMs()))
                            .toList());
            series.add(m);
        }
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("window", List.of(0.0, window));
        d.put("runs", series);
        return d;
    }
}
