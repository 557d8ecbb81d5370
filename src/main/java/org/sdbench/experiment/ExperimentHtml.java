package org.sdbench.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sdbench.report.html.Html;
import org.sdbench.report.html.Page;

/**
 * experiment.html: per alternative a forest plot (each figure's ratio with its 95 % interval on a
 * log axis, the +-MDE band shaded, each round's own ratio as a dot), then the figure table, the
 * rounds with their order and work speed, and the notes. The plot is inline SVG: it needs no script.
 */
final class ExperimentHtml {
    private static final int ROW = 22;
    private static final int LABEL = 330;
    private static final int PLOT = 520;
    private static final int RIGHT = 120;

    private ExperimentHtml() {}

    static String render(ExperimentResult r) {
        Html h = new Html();
        h.raw("<header><h1>sdbench experiment: ").text(r.name()).raw("</h1></header>\n");
        List<List<String>> facts = new ArrayList<>();
        r.plan()
                .variants()
                .forEach(v -> facts.add(List.of(
                        v == r.plan().variants().get(0) ? "baseline " + v.name() : "variant " + v.name(),
                        v.changes())));
        facts.add(List.of(
                "rounds",
                r.rounds().size() + " (at least " + r.plan().minRounds() + ", at most "
                        + r.plan().maxRounds() + "; order seed " + r.plan().seed() + ")"));
        facts.add(List.of(
                "each run",
                Html.num(r.plan().users(), 0) + " users, ramp-up "
                        + Html.num(r.plan().rampUpSeconds(), 0) + " s, window "
                        + Html.num(r.plan().windowSeconds(), 0) + " s, "
                        + r.plan().layout()));
        facts.add(List.of("host", r.host() == null ? "n/a" : r.host()));
        facts.add(List.of("ended", r.stopped() == null ? "still running" : r.stopped()));
        facts.add(List.of("error control", r.errorControl()));
        h.facts(facts);
        for (ExperimentResult.PlanVariant v :
                r.plan().variants().subList(1, r.plan().variants().size())) {
            List<FigureResult> fs = r.figures().stream()
                    .filter(f -> f.variant().equals(v.name()))
                    .toList();
            h.section(
                    "forest-" + v.name(),
                    v.name() + " against " + r.plan().variants().get(0).name() + ": ratios");
            h.raw(
                    "<p class=\"hint\">Each row: the ratio (dot) and its 95 % interval (line), each round's own ratio (small "
                            + "dots), and the band of +-" + Html.num(r.plan().effect() * 100, 1)
                            + " % (--effect) inside which "
                            + "an interval means unchanged. Red: changed; green: unchanged; grey: undecided.</p>\n");
            h.raw(forest(fs, r.plan().effect()));
            h.end();
        }
        h.section("figures", "Figures");
        List<List<String>> rows = new ArrayList<>();
        for (FigureResult f : r.figures()) {
            rows.add(List.of(
                    f.figure(),
                    f.kind(),
                    f.variant(),
                    ExperimentTable.num(f.baseline()),
                    ExperimentTable.num(f.alternative()),
                    ExperimentTable.ratio(f.ratio()),
                    ExperimentTable.interval(f.ci95()),
                    f.mde() == null ? "n/a" : "±" + Html.num(f.mde() * 100, 1) + " %",
                    f.verdict()));
        }
        h.table(
                List.of(
                        "figure",
                        "kind",
                        "variant",
                        "baseline",
                        "alternative",
                        "ratio",
                        "95 % interval",
                        "MDE",
                        "verdict"),
                rows,
                3);
        h.end();
        h.section("rounds", "Rounds");
        List<List<String>> rounds = new ArrayList<>();
        for (ExperimentResult.Round round : r.rounds()) {
            for (RunSample s : round.runs()) {
                rounds.add(List.of(
                        Integer.toString(round.round()),
                        Integer.toString(s.position()),
                        s.variant(),
                        s.workUnitsPerCpuSecond() == null ? "n/a" : Html.num(s.workUnitsPerCpuSecond() / 1e6, 3),
                        Integer.toString(s.exitCode()),
                        s.folder()));
            }
        }
        h.table(List.of("round", "order", "variant", "work M units per CPU s", "exit", "run folder"), rounds, 3);
        h.end();
        h.section("notes", "Notes");
        h.list("hint", r.notes());
        h.end();
        return Page.render("sdbench experiment " + r.name(), h.toString(), Map.of(), "experiment.js");
    }

    /** One row per figure: interval line, ratio point, round dots; the axis spans every value shown. */
    static String forest(List<FigureResult> fs, double effect) {
        double lo = 1 / 1.1;
        double hi = 1.1;
        for (FigureResult f : fs) {
            for (Double v : roundRatios(f)) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            if (f.ci95().get(0) != null) {
                lo = Math.min(lo, f.ci95().get(0));
                hi = Math.max(hi, f.ci95().get(1));
            }
        }
        // Very wide intervals (few rounds) would squeeze every other row: beyond 1/10 and 10 they are clipped.
        double lLo = Math.log(Math.max(lo, 0.1)) - 0.05;
        double lHi = Math.log(Math.min(hi, 10)) + 0.05;
        int height = ROW * fs.size() + 40;
        int width = LABEL + PLOT + RIGHT;
        StringBuilder s = new StringBuilder();
        s.append(String.format(
                Locale.ROOT,
                "<svg class=\"forest\" role=\"img\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
                        + "font-family=\"sans-serif\" font-size=\"12\">%n",
                width,
                height,
                width,
                height));
        s.append("<title>Ratio alternative / baseline per figure, 95 % intervals, log axis</title>\n");
        double one = x(1, lLo, lHi);
        s.append(String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"10\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\"/>%n",
                one,
                one,
                height - 25));
        for (double tick : ticks(lLo, lHi)) {
            double tx = x(tick, lLo, lHi);
            s.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%s</text>%n",
                    tx,
                    height - 8,
                    Html.esc(String.format(Locale.ROOT, "%.2f", tick))));
        }
        for (int i = 0; i < fs.size(); i++) {
            row(s, fs.get(i), 20 + i * ROW, lLo, lHi, effect);
        }
        return s.append("</svg>\n").toString();
    }

    private static void row(StringBuilder s, FigureResult f, int y, double lLo, double lHi, double effect) {
        String color = switch (f.verdict()) {
            case FigureResult.CHANGED -> "#c62828";
            case FigureResult.UNCHANGED -> "#2e7d32";
            default -> "#757575";
        };
        // A statement's text is long: the label is cut to fit, the whole name is its tooltip.
        String label = f.figure().length() <= 48 ? f.figure() : f.figure().substring(0, 47) + "…";
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"end\"><title>%s</title>%s</text>%n",
                LABEL - 8,
                y + 4,
                Html.esc(f.figure()),
                Html.esc(label)));
        double a = x(1 / (1 + effect), lLo, lHi);
        double b = x(1 + effect, lLo, lHi);
        s.append(String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#e8f5e9\"/>%n",
                Math.max(LABEL, a),
                y - 8,
                Math.min(LABEL + PLOT, b) - Math.max(LABEL, a),
                16));
        for (Double v : roundRatios(f)) {
            s.append(String.format(
                    Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"%d\" r=\"2.5\" fill=\"#90a4ae\"/>%n",
                    x(v, lLo, lHi),
                    y + 5));
        }
        if (f.ci95().get(0) != null) {
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" " + "stroke-width=\"2\"/>%n",
                    x(f.ci95().get(0), lLo, lHi),
                    y,
                    x(f.ci95().get(1), lLo, lHi),
                    y,
                    color));
        }
        s.append(String.format(
                Locale.ROOT,
                "<circle cx=\"%.1f\" cy=\"%d\" r=\"4.5\" fill=\"%s\"/>%n",
                x(f.ratio(), lLo, lHi),
                y,
                color));
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s %s</text>%n",
                LABEL + PLOT + 8,
                y + 4,
                color,
                Html.esc(ExperimentTable.ratio(f.ratio())),
                Html.esc(f.verdict())));
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" fill=\"#757575\" font-size=\"10\">%s</text>%n",
                LABEL + PLOT + 8,
                y + 15,
                f.mde() == null ? "" : Html.esc("MDE ±" + Html.num(f.mde() * 100, 1) + " %")));
    }

    /** Each round's own ratio of the figure, where both runs measured it. */
    static List<Double> roundRatios(FigureResult f) {
        List<Double> out = new ArrayList<>();
        for (int i = 0;
                i < f.baselineValues().size() && i < f.alternativeValues().size();
                i++) {
            Double a = f.baselineValues().get(i);
            Double b = f.alternativeValues().get(i);
            if (a != null && b != null && a > 0 && b > 0) {
                out.add(b / a);
            }
        }
        return out;
    }

    private static double x(double ratio, double lLo, double lHi) {
        double v = Math.max(lLo, Math.min(lHi, Math.log(ratio)));
        return LABEL + (v - lLo) / (lHi - lLo) * PLOT;
    }

    private static List<Double> ticks(double lLo, double lHi) {
        List<Double> t = new ArrayList<>();
        for (double c : new double[] {0.25, 0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 2, 3, 4, 8}) {
            if (Math.log(c) >= lLo && Math.log(c) <= lHi) {
                t.add(c);
            }
        }
        return t;
    }
}
