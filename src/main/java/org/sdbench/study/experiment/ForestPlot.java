package org.sdbench.study.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.sdbench.report.html.Html;

/**
 * One forest plot of an experiment page: the figures of one kind for one alternative, each with its
 * ratio (dot), the interval its verdict used (line), each pair's own ratio (small dots) and the
 * +-effect band, on a log axis symmetric around 1 that fits the kind's ratios (a counter that moves
 * 2 % and a response time that moves 40 % each get an axis they can be read on). What lies beyond
 * the axis is drawn at its end as an arrow pointing out. Inline SVG: the page needs no script.
 */
final class ForestPlot {
    private static final int ROW = 24;
    private static final int LABEL = 330;
    private static final int PLOT = 520;
    private static final int RIGHT = 230;
    private static final int TOP = 14;
    /** Half-widths of the axis a plot may get (ratio at the right end; the left end is its inverse). */
    private static final double[] BOUNDS = {1.02, 1.05, 1.1, 1.25, 1.5, 2, 4, 10};

    private final double bound;
    private final double effect;

    private ForestPlot(double bound, double effect) {
        this.bound = bound;
        this.effect = effect;
    }

    /** The plot of these figures (one kind, one alternative). */
    static String of(List<FigureResult> fs, double effect) {
        return new ForestPlot(bound(fs, effect), effect).svg(fs);
    }

    /**
     * The narrowest axis that shows the kind's ratios and the effect band with a margin. A few ratios far
     * out beyond all the others (more than 3 times as far from 1 on the log scale as the next) are left to
     * arrows, as are intervals and pair dots beyond the axis: a wild figure does not squeeze the rest.
     */
    static double bound(List<FigureResult> fs, double effect) {
        List<Double> far = fs.stream()
                .map(FigureResult::ratio)
                .filter(r -> r != null && r > 0)
                .map(r -> Math.abs(Math.log(r)))
                .sorted(Comparator.reverseOrder())
                .toList();
        // The farthest few (a third of the kind at most) are left out where a gap of 3 times separates them
        // from a next one that is itself beyond the effect band.
        int keep = 0;
        for (int i = 0; i + 1 < far.size() && i + 1 <= far.size() / 3; i++) {
            if (far.get(i + 1) > Math.log1p(effect) && far.get(i) > 3 * far.get(i + 1)) {
                keep = i + 1;
            }
        }
        double need = Math.max(1 + effect * 1.5, far.isEmpty() ? 1 : Math.exp(far.get(keep)) * 1.03);
        for (double b : BOUNDS) {
            if (b >= need) {
                return b;
            }
        }
        return BOUNDS[BOUNDS.length - 1];
    }

    private String svg(List<FigureResult> fs) {
        int height = TOP + ROW * fs.size() + 30;
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
        s.append(String.format(
                Locale.ROOT,
                "<title>Ratio alternative / baseline per figure, log axis from %.3f to %.3f</title>%n",
                1 / bound,
                bound));
        double bottom = height - 24;
        for (double tick : ticks()) {
            double tx = x(tick);
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n",
                    tx,
                    TOP - 8,
                    tx,
                    bottom,
                    tick == 1 ? "#555" : "#e0e0e0"));
            s.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#555\">%s</text>%n",
                    tx,
                    bottom + 16,
                    Html.esc(tickLabel(tick))));
        }
        for (int i = 0; i < fs.size(); i++) {
            row(s, fs.get(i), TOP + 6 + i * ROW);
        }
        return s.append("</svg>\n").toString();
    }

    private void row(StringBuilder s, FigureResult f, int y) {
        String color = color(f.verdict());
        // A statement's text is long: the label is cut to fit, the whole name is its tooltip.
        String label = f.figure().length() <= 46 ? f.figure() : f.figure().substring(0, 45) + "…";
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"end\"><title>%s</title>%s</text>%n",
                LABEL - 8,
                y + 4,
                Html.esc(f.figure()),
                Html.esc(label)));
        double a = x(1 / (1 + effect));
        double b = x(1 + effect);
        s.append(String.format(
                Locale.ROOT,
                "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"16\" fill=\"#e8f5e9\"/>%n",
                a,
                y - 8,
                b - a));
        for (Double v : pairRatios(f)) {
            s.append(String.format(
                    Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%d\" r=\"2.5\" fill=\"#90a4ae\"/>%n", x(v), y + 6));
        }
        List<Double> ci = f.interval();
        if (ci != null && ci.get(0) != null && ci.get(1) != null) {
            double lo = x(ci.get(0));
            double hi = x(ci.get(1));
            s.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>%n",
                    lo,
                    y,
                    hi,
                    y,
                    color));
            if (clippedLow(ci.get(0))) {
                s.append(arrow(LABEL, y, -1, color, "interval continues to " + ExperimentTable.ratio(ci.get(0))));
            }
            if (clippedHigh(ci.get(1))) {
                s.append(arrow(LABEL + PLOT, y, 1, color, "interval continues to " + ExperimentTable.ratio(ci.get(1))));
            }
        }
        if (f.ratio() != null) {
            if (clippedLow(f.ratio()) || clippedHigh(f.ratio())) {
                s.append(arrow(
                        clippedLow(f.ratio()) ? LABEL : LABEL + PLOT,
                        y,
                        clippedLow(f.ratio()) ? -1 : 1,
                        color,
                        "ratio " + ExperimentTable.ratio(f.ratio())));
            } else {
                s.append(String.format(
                        Locale.ROOT,
                        "<circle cx=\"%.1f\" cy=\"%d\" r=\"4.5\" fill=\"%s\"/>%n",
                        x(f.ratio()),
                        y,
                        color));
            }
        }
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s %s</text>%n",
                LABEL + PLOT + 12,
                y + 4,
                color,
                Html.esc(ExperimentTable.ratio(f.ratio())),
                Html.esc(f.verdict())));
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" fill=\"#757575\" font-size=\"10\">%s</text>%n",
                LABEL + PLOT + 12,
                y + 15,
                Html.esc(f.pairs() + " pairs, MDE " + ExperimentTable.mde(f).replace("-", "−"))));
    }

    /** A triangle at an end of the axis, pointing out (direction -1 left, 1 right), with what lies beyond. */
    private static String arrow(double at, int y, int direction, String color, String beyond) {
        double tip = at + direction * 9;
        return String.format(
                Locale.ROOT,
                "<polygon class=\"clipped\" points=\"%.1f,%d %.1f,%d %.1f,%d\" fill=\"%s\"><title>%s</title></polygon>%n",
                tip,
                y,
                at,
                y - 6,
                at,
                y + 6,
                color,
                Html.esc(beyond));
    }

    static String color(String verdict) {
        return switch (verdict) {
            case FigureResult.CHANGED -> "#c62828";
            case FigureResult.CHANGED_WITHIN_EFFECT -> "#ef6c00";
            case FigureResult.UNCHANGED -> "#2e7d32";
            default -> "#757575";
        };
    }

    /** Each pair's own ratio of the figure, where both sides measured it above 0. */
    static List<Double> pairRatios(FigureResult f) {
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

    private boolean clippedLow(double ratio) {
        return ratio <= 0 || ratio < 1 / bound;
    }

    private boolean clippedHigh(double ratio) {
        return ratio > bound;
    }

    private double x(double ratio) {
        double l = Math.log(bound);
        double v = ratio <= 0 ? -l : Math.max(-l, Math.min(l, Math.log(ratio)));
        return LABEL + (v + l) / (2 * l) * PLOT;
    }

    /** 1, the axis' ends, and one step between on each side: five labels, never crowded. */
    private List<Double> ticks() {
        List<Double> t = new ArrayList<>(List.of(1 / bound, 1.0, bound));
        double mid = Math.exp(Math.log(bound) / 2);
        for (double c : BOUNDS) {
            if (c < bound && c >= mid) {
                mid = c;
                break;
            }
        }
        if (mid > 1.005 && mid < bound) {
            t.add(mid);
            t.add(1 / mid);
        }
        return t;
    }

    private static String tickLabel(double tick) {
        if (tick == 1) {
            return "1";
        }
        return String.format(Locale.ROOT, tick < 0.995 || tick > 1.005 ? "%.2f" : "%.3f", tick)
                + String.format(Locale.ROOT, " (%+.0f%%)", (tick - 1) * 100);
    }
}
