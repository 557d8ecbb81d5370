package org.sdbench.study.experiment;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.report.html.Html;
import org.sdbench.report.html.Page;

/**
 * experiment.html: per alternative a forest plot per kind of figure (see {@link ForestPlot}), the
 * figure table with what each verdict rests on, the figures not judged and why, the rounds with
 * their order and work speed, and the notes. No script and no chart library: the plots are SVG.
 */
final class ExperimentHtml {
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
        facts.add(List.of("stop rule", r.plan().stopRule()));
        h.facts(facts);
        List<ExperimentResult.PlanVariant> variants = r.plan().variants();
        for (ExperimentResult.PlanVariant v : variants.subList(1, variants.size())) {
            h.section(
                    "forest-" + v.name(),
                    v.name() + " against " + variants.get(0).name() + ": ratios");
            h.raw("<p class=\"hint\">Each row: the ratio (dot) and the interval its verdict used (line), each"
                    + " pair's own ratio (small dots), and the band of ±"
                    + Html.num(r.plan().effect() * 100, 1)
                    + " % (--effect). Each kind of figure has its own log axis, symmetric around 1; an arrow at an"
                    + " end marks what lies beyond it. Red: changed; orange: changed within ±effect; green:"
                    + " unchanged; grey: undecided.</p>\n");
            for (Figure.Kind kind : Figure.Kind.values()) {
                List<FigureResult> fs = r.figures().stream()
                        .filter(f -> f.variant().equals(v.name()) && f.kind().equals(kind.label()))
                        .toList();
                if (!fs.isEmpty()) {
                    h.tag("h3", null, title(kind));
                    h.raw(ForestPlot.of(fs, r.plan().effect()));
                }
            }
            h.end();
        }
        h.section("figures", "Figures");
        List<List<String>> rows = new ArrayList<>();
        for (FigureResult f : r.figures()) {
            List<String> cells = new ArrayList<>(ExperimentTable.cells(f));
            cells.set(10, cells.get(10).replace("-", "−"));
            rows.add(cells);
        }
        h.table(ExperimentTable.HEADERS, rows, 3);
        List<String> reasons = r.figures().stream()
                .filter(f -> f.reason() != null)
                .map(f -> f.figure() + " (" + f.variant() + "): " + f.reason())
                .toList();
        if (!reasons.isEmpty()) {
            h.tag("h3", null, "What the verdicts rest on");
            h.list("hint", reasons);
        }
        h.end();
        h.section("omitted", "Figures not judged");
        if (r.omitted().isEmpty()) {
            h.raw("<p class=\"hint\">None: every figure was judged.</p>\n");
        } else {
            List<List<String>> omitted = new ArrayList<>();
            for (Analysis.Omitted o : r.omitted()) {
                omitted.add(List.of(o.figure(), o.family(), o.variant(), o.reason()));
            }
            h.table(List.of("figure", "family", "variant", "why it is not judged"), omitted, 4);
        }
        h.end();
        h.section("rounds", "Rounds");
        List<List<String>> rounds = new ArrayList<>();
        if (r.warmUp() != null) {
            rounds.add(runRow("warm-up (discarded)", r.warmUp()));
        }
        for (ExperimentResult.Round round : r.rounds()) {
            for (RunSample s : round.runs()) {
                rounds.add(runRow(Integer.toString(round.round()), s));
            }
        }
        h.table(List.of("round", "order", "variant", "work M units per CPU s", "exit", "run folder"), rounds, 3);
        h.end();
        h.section("notes", "Notes");
        h.list("hint", r.notes());
        h.end();
        return Page.renderStatic("sdbench experiment " + r.name(), h.toString());
    }

    private static List<String> runRow(String round, RunSample s) {
        return List.of(
                round,
                Integer.toString(s.position()),
                s.variant(),
                s.workUnitsPerCpuSecond() == null ? "n/a" : Html.num(s.workUnitsPerCpuSecond() / 1e6, 3),
                Integer.toString(s.exitCode()),
                s.folder());
    }

    private static String title(Figure.Kind kind) {
        return switch (kind) {
            case PRIMARY -> "Primary figures (confirmatory)";
            case SECONDARY -> "Secondary figures (descriptive)";
            case STATEMENT -> "Statements: DB time per call (descriptive)";
        };
    }
}
