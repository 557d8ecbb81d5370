package org.sdbench.report.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.sdbench.measure.stats.Holm;
import org.sdbench.measure.stats.RatioEstimate;
import org.sdbench.report.RunFolder;

/**
 * The figures of a comparison with several runs per side: each run is one sample, the ratio of the
 * sides' geometric means gets a Welch interval over the runs, and "better"/"worse" is said only where
 * Holm's correction over every tested figure still rejects "no change". Figures with a value of 0 or
 * below in some run (errors, Little's-law deviation) are shown as means without an interval.
 */
final class RunLevel {
    private RunLevel() {}

    private record Cell(int figure, int side, RatioEstimate estimate) {}

    static List<CompareResult.Figure> figures(List<Comparer.Spec> specs, List<List<RunFolder.Loaded>> sides) {
        int k = sides.size();
        List<Double[]> values = new ArrayList<>();
        List<Cell> cells = new ArrayList<>();
        for (int f = 0; f < specs.size(); f++) {
            Comparer.Spec s = specs.get(f);
            Double[] means = new Double[k];
            double[][] runs = new double[k][];
            for (int i = 0; i < k; i++) {
                runs[i] = sides.get(i).stream()
                        .map(l -> s.value().apply(l.report()))
                        .filter(v -> v != null)
                        .mapToDouble(Double::doubleValue)
                        .toArray();
                means[i] = runs[i].length == 0
                        ? null
                        : Arrays.stream(runs[i]).average().orElseThrow();
            }
            boolean positive = Arrays.stream(runs)
                    .allMatch(r -> r.length >= 2 && Arrays.stream(r).allMatch(v -> v > 0));
            if (positive) {
                for (int i = 0; i < k; i++) {
                    means[i] = Math.exp(
                            Arrays.stream(runs[i]).map(Math::log).average().orElseThrow());
                }
                for (int i = 1; i < k; i++) {
                    cells.add(new Cell(f, i, RatioEstimate.unpaired(runs[0], runs[i])));
                }
            }
            values.add(means);
        }
        boolean[] rejected = Holm.reject(
                cells.stream().mapToDouble(c -> c.estimate().pValue()).toArray(), 0.05);
        List<CompareResult.Figure> out = new ArrayList<>();
        for (int f = 0; f < specs.size(); f++) {
            Comparer.Spec s = specs.get(f);
            Double[] means = values.get(f);
            Double[] delta = new Double[k];
            Double[] noise = new Double[k];
            String[] verdict = new String[k];
            Arrays.fill(verdict, "");
            for (int i = 1; i < k; i++) {
                if (means[0] != null && means[i] != null && means[0] != 0) {
                    delta[i] = s.points() ? means[i] - means[0] : 100 * (means[i] - means[0]) / Math.abs(means[0]);
                }
            }
            for (int c = 0; c < cells.size(); c++) {
                Cell cell = cells.get(c);
                if (cell.figure() != f) {
                    continue;
                }
                RatioEstimate e = cell.estimate();
                double half = (e.high() - e.low()) / 2;
                noise[cell.side()] = s.points() ? half * means[0] : 100 * half;
                boolean up = e.ratio() > 1;
                verdict[cell.side()] = !rejected[c] ? "within noise" : up == s.higherIsBetter() ? "better" : "worse";
            }
            out.add(new CompareResult.Figure(
                    s.name(),
                    s.unit(),
                    s.higherIsBetter(),
                    Arrays.asList(means),
                    Arrays.asList(delta),
                    s.points() ? "pp" : "%",
                    Arrays.asList(noise),
                    Arrays.asList(verdict)));
        }
        return out;
    }
}
