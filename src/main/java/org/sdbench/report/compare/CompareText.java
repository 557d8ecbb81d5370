package org.sdbench.report.compare;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The terminal rendering of a {@link CompareResult}: one screen that answers "did it help, by how much". */
public final class CompareText {
    private CompareText() {}

    public static void print(CompareResult c, PrintWriter out) {
        out.println("== sdbench compare (" + c.note() + ") ==");
        for (var r : c.runs()) {
            out.printf(
                    Locale.ROOT,
                    "%-2s %s  ('%s', %d users, %.0f s window, %d full intervals)%n",
                    r.label(),
                    r.dir(),
                    r.name(),
                    r.users(),
                    r.windowSeconds(),
                    r.windowIntervals());
        }
        out.println();
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-30s", "figure"));
        for (var r : c.runs()) {
            head.append(String.format(Locale.ROOT, " %14s", r.label()));
            if (!r.label().equals("A")) {
                head.append(String.format(Locale.ROOT, " %9s %9s %-13s", "delta", "noise95", "verdict"));
            }
        }
        out.println(head.toString().stripTrailing());
        for (var f : c.figures()) {
            if (f.values().stream().allMatch(v -> v == null)) {
                continue;
            }
            StringBuilder line = new StringBuilder(
                    String.format(Locale.ROOT, "%-30s", f.name() + (f.unit().isEmpty() ? "" : " (" + f.unit() + ")")));
            for (int i = 0; i < f.values().size(); i++) {
                line.append(String.format(Locale.ROOT, " %14s", value(f.values().get(i))));
                if (i > 0) {
                    Double d = f.delta().get(i);
                    Double n = f.noise().get(i);
                    String u = f.deltaUnit().equals("%") ? " %" : " pp";
                    line.append(String.format(
                            Locale.ROOT,
                            " %9s %9s %-13s",
                            d == null ? "" : String.format(Locale.ROOT, "%+.1f", d) + u,
                            n == null ? "" : String.format(Locale.ROOT, "±%.1f", n) + u,
                            f.verdict().get(i)));
                }
            }
            out.println(line.toString().stripTrailing());
        }
        diff(out, "configuration differences (config.yaml)", c, c.configDiff());
        diff(out, "DB settings differences (pg_settings from environment.json)", c, c.dbSettingsDiff());
        diff(out, "environment differences", c, c.environmentDiff());
        out.println();
        c.notes().forEach(n -> out.println("note: " + n));
        out.flush();
    }

    private static void diff(PrintWriter out, String title, CompareResult c, List<CompareResult.Diff> diffs) {
        out.println();
        if (diffs.isEmpty()) {
            out.println(title + ": none");
            return;
        }
        out.println(title + ":");
        for (var d : diffs) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-34s", d.key()));
            for (int i = 0; i < d.values().size(); i++) {
                line.append(String.format(
                        Locale.ROOT,
                        " %s: %-24s",
                        c.runs().get(i).label(),
                        d.values().get(i)));
            }
            out.println(line.toString().stripTrailing());
        }
    }

    static String value(Double v) {
        if (v == null || !Double.isFinite(v)) {
            return "n/a";
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 1000 ? "%,.0f" : a >= 100 ? "%.1f" : a >= 1 ? "%.2f" : "%.3f", v);
    }
}
