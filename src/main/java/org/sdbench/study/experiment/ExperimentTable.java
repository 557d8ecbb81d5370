package org.sdbench.study.experiment;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sdbench.report.RunReport;

/** The experiment on the terminal: its header, a progress block after each round, and the final table. */
public final class ExperimentTable {
    /** Figures whose MDE the progress line states, as the ones a reader of an A/B asks about first. */
    private static final List<String> MDE_FIGURES =
            List.of("DB time per call", "DB CPU per dialog step", "avg dialog response time");

    private static final String ROW = "%-40s %-4s %-10s %10s %11s %7s  %-29s %5s %8s %8s %15s  %s%n";

    private ExperimentTable() {}

    static void header(ExperimentPlan plan, List<String> settings, String stopRule, Path dir, PrintWriter out) {
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
        out.println("design    " + plan.design().describe());
        out.println("family    confirmatory: the primary figures of each alternative against the baseline (Holm,"
                + " family-wise 5 % per comparison); secondary and statement figures are descriptive (each at 5 %)");
        out.println("stop      " + stopRule);
        out.printf(
                Locale.ROOT,
                "effect    %.1f %%: 'unchanged' means two one-sided t tests show the change lies within +-%.1f %% (--effect)%n",
                plan.effect() * 100,
                plan.effect() * 100);
        out.println("MDE       from the spread of the pairs' log ratios, at the level the verdict uses, 80 % power;"
                + " known from 3 pairs, approximate (~) below 4");
        out.println("folder    " + dir.toAbsolutePath());
        out.println(RunReport.NOTE);
        out.flush();
    }

    static void progress(int round, ExperimentPlan plan, Analysis.Outcome a, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "%n-- after round %d (%s) --%n",
                round,
                a.alpha() > 0
                        ? String.format(Locale.ROOT, "a look: confirmatory families at %.2g of 5 %%", a.alpha())
                        : "no look before round " + plan.minRounds());
        StringBuilder line = new StringBuilder("MDE      ");
        for (String name : MDE_FIGURES) {
            String m = a.figures().stream()
                    .filter(f -> f.figure().equals(name))
                    .findFirst()
                    .map(ExperimentTable::mde)
                    .orElse("n/a");
            line.append(String.format(Locale.ROOT, " %s %s;", name, m));
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

    /** The final table: every figure of every alternative, the reasons, the omitted ones, error control and notes. */
    public static void print(ExperimentResult r, PrintWriter out) {
        out.printf("%n== experiment '%s': %s ==%n", r.name(), r.stopped());
        rows(r.figures(), out);
        for (FigureResult f : r.figures()) {
            if (f.reason() != null) {
                out.printf("reason    %s (%s): %s%n", f.figure(), f.variant(), f.reason());
            }
        }
        for (Analysis.Omitted o : r.omitted()) {
            out.printf("omitted   %s (%s, %s): %s%n", o.figure(), o.variant(), o.family(), o.reason());
        }
        out.println("errors    " + r.errorControl());
        out.println("stop      " + r.plan().stopRule());
        for (String n : r.notes()) {
            out.println("note      " + n);
        }
        out.flush();
    }

    /** The figure table's columns, on the terminal and in experiment.html. */
    static final List<String> HEADERS = List.of(
            "figure",
            "fam.",
            "variant",
            "baseline",
            "alternative",
            "ratio",
            "interval the verdict used",
            "pairs",
            "p",
            "p adj.",
            "MDE",
            "verdict");

    /** One figure's row under {@link #HEADERS}. */
    static List<String> cells(FigureResult f) {
        return List.of(
                f.figure(),
                f.confirmatory() ? "conf" : "desc",
                f.variant(),
                num(f.baseline()),
                num(f.alternative()),
                ratio(f.ratio()),
                levelled(f.interval(), f.intervalLevel()),
                Integer.toString(f.pairs()),
                p(f.pValue()),
                p(f.pAdjusted()),
                mde(f),
                f.verdict() + (f.scale().equals(PairedFigure.Scale.DIFFERENCE.label()) ? " (diff.)" : ""));
    }

    private static void rows(List<FigureResult> figures, PrintWriter out) {
        out.printf(ROW, HEADERS.toArray());
        for (FigureResult f : figures) {
            List<String> c = new ArrayList<>(cells(f));
            c.set(0, cut(c.get(0), 40));
            c.set(2, cut(c.get(2), 10));
            out.printf(Locale.ROOT, ROW, c.toArray());
        }
    }

    /** The MDE as +x/-y %: n/a below 3 pairs, approximate (~) below 4. */
    static String mde(FigureResult f) {
        if (f.mde() == null || f.mdeDecrease() == null) {
            return "n/a";
        }
        return String.format(
                Locale.ROOT, "%s+%.1f/-%.1f %%", f.pairs() < 4 ? "~" : "", f.mde() * 100, f.mdeDecrease() * 100);
    }

    static String p(Double p) {
        if (p == null) {
            return "n/a";
        }
        return p >= 0.001 ? String.format(Locale.ROOT, "%.4f", p) : String.format(Locale.ROOT, "%.1e", p);
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
        return ci == null || ci.get(0) == null || ci.get(1) == null
                ? "n/a (1 pair)"
                : String.format(Locale.ROOT, "[%.3f, %.3f]", ci.get(0), ci.get(1));
    }

    /** An interval with its confidence, e.g. "99.5 % [0.532, 0.663]". */
    static String levelled(List<Double> ci, Double level) {
        String i = interval(ci);
        if (level == null || i.startsWith("n/a")) {
            return i;
        }
        return percent(level) + " % " + i;
    }

    /** A confidence in percent with as many decimals as it takes to stay below 100 (99.984, not 100.0). */
    static String percent(double level) {
        double miss = (1 - level) * 100;
        int decimals = miss <= 0 ? 1 : Math.min(6, Math.max(1, (int) Math.ceil(-Math.log10(miss)) + 1));
        return String.format(Locale.ROOT, "%." + decimals + "f", level * 100);
    }

    private static String cut(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "~";
    }
}
