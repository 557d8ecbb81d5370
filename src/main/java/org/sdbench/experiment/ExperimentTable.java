package org.sdbench.experiment;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sdbench.report.RunReport;

/** The experiment on the terminal: its header, a progress block after each round, and the final table. */
public final class ExperimentTable {
    /** Figures whose MDE the progress line states, as the ones a reader of an A/B asks about first. */
    private static final List<String> MDE_FIGURES =
            List.of("DB time per call", "DB CPU per dialog step", "avg dialog response time");

    private ExperimentTable() {}

    static void header(ExperimentPlan plan, List<String> settings, Path dir, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "== sdbench experiment '%s': %d variants, %d to %d rounds, order seed %d ==%n",
                plan.name(),
                plan.variants().size(),
                plan.minRounds(),
                plan.maxRounds(),
                plan.seed());
        out.printf("baseline  %s: %s%n", plan.baseline().name(), plan.baseline().describe());
        for (Variant v : plan.alternatives()) {
            out.printf("variant   %s: %s%n", v.name(), v.describe());
        }
        for (int i = 0; i < settings.size(); i++) {
            out.printf("%s%s%n", i == 0 ? "settings  " : "          ", settings.get(i));
        }
        out.printf(
                Locale.ROOT,
                "effect    %.1f %%: 'unchanged' means the 95 %% interval lies within +-%.1f %% (--effect)%n",
                plan.effect() * 100,
                plan.effect() * 100);
        out.println("MDE       known after 2 rounds (from the baseline's run-to-run spread), updated every round");
        out.println("folder    " + dir.toAbsolutePath());
        out.println(RunReport.NOTE);
        out.flush();
    }

    static void progress(int round, ExperimentPlan plan, Analysis.Outcome a, PrintWriter out) {
        out.printf("%n-- after round %d --%n", round);
        Map<String, Double> mdes = Analysis.mdes(a);
        StringBuilder line = new StringBuilder("MDE      ");
        for (String f : MDE_FIGURES) {
            Double m = mdes.get(f);
            line.append(String.format(
                    Locale.ROOT, " %s %s;", f, m == null ? "n/a" : String.format(Locale.ROOT, "+-%.1f %%", m * 100)));
        }
        out.println(line.substring(0, line.length() - 1));
        rows(
                a.figures().stream()
                        .filter(f -> !f.kind().equals(Figure.Kind.STATEMENT.label()))
                        .toList(),
                out);
        out.println();
        out.flush();
    }

    /** The final table: every figure of every alternative, the omitted ones, error control and notes. */
    public static void print(ExperimentResult r, PrintWriter out) {
        out.printf("%n== experiment '%s': %s ==%n", r.name(), r.stopped());
        rows(r.figures(), out);
        for (Analysis.Omitted o : r.omitted()) {
            out.printf("omitted   %s (%s): %s%n", o.figure(), o.variant(), o.reason());
        }
        out.println("errors    " + r.errorControl());
        for (String n : r.notes()) {
            out.println("note      " + n);
        }
        out.flush();
    }

    private static void rows(List<FigureResult> figures, PrintWriter out) {
        out.printf(
                "%-44s %-9s %-10s %11s %11s %8s  %-19s %9s  %s%n",
                "figure", "kind", "variant", "baseline", "alternative", "ratio", "95 % interval", "MDE", "verdict");
        for (FigureResult f : figures) {
            out.printf(
                    Locale.ROOT,
                    "%-44s %-9s %-10s %11s %11s %8s  %-19s %9s  %s%n",
                    cut(f.figure(), 44),
                    f.kind(),
                    cut(f.variant(), 10),
                    num(f.baseline()),
                    num(f.alternative()),
                    ratio(f.ratio()),
                    interval(f.ci95()),
                    f.mde() == null ? "n/a" : String.format(Locale.ROOT, "+-%.1f%%", f.mde() * 100),
                    f.verdict());
        }
    }

    static String num(Double v) {
        if (v == null) {
            return "n/a";
        }
        return Math.abs(v) >= 1e3 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.4g", v);
    }

    static String ratio(Double r) {
        return r == null ? "n/a" : String.format(Locale.ROOT, "%.3f", r);
    }

    static String interval(List<Double> ci) {
        return ci == null || ci.get(0) == null
                ? "n/a (1 round)"
                : String.format(Locale.ROOT, "[%.3f, %.3f]", ci.get(0), ci.get(1));
    }

    private static String cut(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "~";
    }
}
