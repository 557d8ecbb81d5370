package org.sdbench.report.compare;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.sdbench.config.ConfigException;
import org.sdbench.measure.metrics.Component;
import org.sdbench.report.IntervalRow;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReport;

/** Builds a {@link CompareResult} from loaded run folders; the first run is the baseline. */
public final class Comparer {
    private Comparer() {}

    /** A key figure: how to read it from a run, and which per-interval series carries its noise. */
    record Spec(
            String name,
            String unit,
            boolean higherIsBetter,
            Function<RunReport, Double> value,
            ToDoubleFunction<IntervalRow> series) {
        /** Figures that are percentages already differ in percentage points, not in percent of themselves. */
        boolean points() {
            return "%".equals(unit);
        }
    }

    /** Fully processed line items per hour in one interval; lumpy, since the invoice's update credits five at once. */
    private static double lineItemsPerHour(IntervalRow x) {
        return x.seconds() <= 0 ? 0 : x.lineItems() * 3600.0 / x.seconds();
    }

    /** A component's average per dialog step, its noise from the intervals' averages. */
    private static Spec component(Component c) {
        return new Spec(c.figure(), "ms", false, r -> c.of(r.summary().overall().avg()), x -> c.of(x.avg()));
    }

    private static final List<Spec> SPECS = List.of(
            new Spec("SAPS-like", "", true, r -> r.throughput().sapsLike(), x -> lineItemsPerHour(x) / 20),
            new Spec("dialog steps/h", "", true, r -> r.throughput().dialogStepsPerHour(), IntervalRow::dsPerHour),
            new Spec("line items/h", "", true, r -> r.throughput().lineItemsPerHour(), Comparer::lineItemsPerHour),
            new Spec(
                    "avg response",
                    "ms",
                    false,
                    r -> r.summary().overall().response().avgMs(),
                    IntervalRow::avgMs),
            new Spec(
                    "p95 response",
                    "ms",
                    false,
                    r -> r.summary().overall().response().p95Ms(),
                    IntervalRow::p95Ms),
            new Spec(
                    "p99 response",
                    "ms",
                    false,
                    r -> r.summary().overall().response().p99Ms(),
                    null),
            component(Component.DB),
            component(Component.WAIT),
            component(Component.ROLL_IN),
            component(Component.CPU),
            component(Component.ENQUEUE),
            component(Component.NUMBER_RANGE),
            component(Component.UPDATE_WAIT),
            // In two-tier the app server is in the driver's process: its response time is the driver's, no network.
            new Spec(
                    "response at app server",
                    "ms",
                    false,
                    r -> r.threeTier() == null
                            ? r.summary().overall().response().avgMs()
                            : r.threeTier().appServerResponse().avgMs(),
                    null),
            new Spec(
                    "presentation/network",
                    "ms",
                    false,
                    r -> r.threeTier() == null ? 0.0 : r.threeTier().presentationNetworkAvgMs(),
                    null),
            new Spec("update V1 DB time", "ms", false, r -> r.summary().update().avgV1DbMs(), null),
            new Spec(
                    "save to update committed",
                    "ms",
                    false,
                    r -> r.summary().update().saveToCommitted().avgMs(),
                    null),
            new Spec(
                    "errors",
                    "",
                    false,
                    r -> (double) r.summary().errorsByKind().values().stream()
                            .mapToLong(Long::longValue)
                            .sum(),
                    null),
            new Spec("Little's law deviation", "%", false, r -> r.littleLaw().deviation() * 100, null),
            new Spec(
                    "DB commits/s",
                    "",
                    true,
                    r -> r.dbWindow() == null ? null : r.dbWindow().commitsPerSecond(),
                    null),
            new Spec(
                    "buffer cache hit ratio",
                    "%",
                    true,
                    r -> r.dbWindow() == null ? null : r.dbWindow().bufferCacheHitRatio() * 100,
                    null),
            new Spec(
                    "WAL per dialog step (cluster-wide)",
                    "bytes",
                    false,
                    r -> r.dbWindow() == null || r.summary().overall().count() == 0
                            ? null
                            : (double) r.dbWindow().walBytes()
                                    / r.summary().overall().count(),
                    null),
            new Spec(
                    "host CPU busy",
                    "%",
                    false,
                    r -> r.host() == null ? null : r.host().hostBusyPercent(),
                    null),
            new Spec(
                    "DB server CPU",
                    "%",
                    false,
                    r -> r.host() == null ? null : r.host().dbServerCpuPercent(),
                    null),
            new Spec(
                    "simulator CPU",
                    "%",
                    false,
                    r -> r.host() == null ? null : r.host().simulatorCpuPercent(),
                    null),
            new Spec(
                    "app servers CPU",
                    "%",
                    false,
                    r -> r.threeTier() == null ? null : r.threeTier().cpu().appServers(),
                    null),
            new Spec(
                    "central services CPU",
                    "%",
                    false,
                    r -> r.threeTier() == null ? null : r.threeTier().cpu().central(),
                    null));

    /** One run per side: each run against the first, with the within-run noise band. */
    public static CompareResult compare(List<RunFolder.Loaded> runs) {
        return compareSides(runs.stream().map(List::of).toList());
    }

    /**
     * Sides of one or more runs each; the first side is the baseline. With one run per side the band
     * is the noise inside each run only, which misses the run-to-run noise: a difference outside it is
     * reported as "needs runs", never as better or worse. With two or more runs on every side, each
     * run is one sample: the ratio of the sides' geometric means with a Welch 95 % interval over the
     * runs, and better/worse only where Holm's correction over all figures still rejects "no change".
     */
    public static CompareResult compareSides(List<List<RunFolder.Loaded>> sides) {
        boolean runLevel = sides.stream().allMatch(side -> side.size() >= 2);
        if (!runLevel && sides.stream().anyMatch(side -> side.size() >= 2)) {
            throw new ConfigException(
                    "'--side' has a side with one run: a run-level comparison needs 2 or more runs on "
                            + "every side (3 or more for a useful interval)");
        }
        List<CompareResult.Run> refs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < sides.size(); i++) {
            var side = sides.get(i);
            var l = side.get(0);
            var r = l.report();
            int n = Noise.of(l.intervals(), IntervalRow::dsPerHour).n();
            refs.add(new CompareResult.Run(
                    label(i),
                    l.dir().toString(),
                    r.name(),
                    r.startedAt(),
                    r.users(),
                    r.summary().windowSeconds(),
                    n,
                    side.stream().map(x -> x.dir().toString()).toList()));
            if (!runLevel && n < 2) {
                notes.add(label(i) + " has " + n + " full interval(s) in its window: no noise estimate; "
                        + "use a longer --duration or a shorter --interval");
            }
        }
        List<CompareResult.Figure> figures = runLevel
                ? RunLevel.figures(SPECS, sides)
                : SPECS.stream()
                        .map(s -> figure(
                                s, sides.stream().map(side -> side.get(0)).toList()))
                        .toList();
        if (runLevel) {
            notes.add(
                    "noise: each run is one sample; 95 % Welch interval of the ratio of the sides' geometric means over "
                            + "their runs; better/worse only where no change is rejected after Holm's correction over all figures");
        } else {
            notes.add("noise: 95 % interval from the per-interval values inside each run's window (Welch). That is the "
                    + "noise within one run only: runs of one setting differ by more on a shared host, so a delta outside it "
                    + "says 'needs runs', not better or worse. For a verdict, compare 3 or more runs per side "
                    + "(--side A1,A2,A3 --side B1,B2,B3) or run 'sdbench experiment'");
        }
        List<RunFolder.Loaded> firsts = sides.stream().map(side -> side.get(0)).toList();
        return new CompareResult(
                CompareResult.SCHEMA_VERSION,
                RunReport.NOTE,
                refs,
                figures,
                Diffs.of(firsts.stream().map(RunFolder.Loaded::config).toList(), "(absent)"),
                Diffs.settings(firsts),
                Diffs.environment(firsts),
                notes);
    }

    static String label(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : "R" + (i + 1);
    }

    private static CompareResult.Figure figure(Spec s, List<RunFolder.Loaded> runs) {
        int k = runs.size();
        Double[] values = new Double[k];
        Double[] delta = new Double[k];
        Double[] noise = new Double[k];
        String[] verdict = new String[k];
        Arrays.fill(verdict, "");
        Noise.Band base = s.series() == null ? null : Noise.of(runs.get(0).intervals(), s.series());
        for (int i = 0; i < k; i++) {
            values[i] = s.value().apply(runs.get(i).report());
        }
        for (int i = 1; i < k; i++) {
            Double a = values[0];
            Double b = values[i];
            if (a == null || b == null || a == 0 && !s.points()) {
                continue;
            }
            delta[i] = s.points() ? b - a : 100 * (b - a) / Math.abs(a);
            if (base != null) {
                Noise.Delta d = Noise.delta(base, Noise.of(runs.get(i).intervals(), s.series()));
                if (Double.isFinite(d.halfWidth95()) && base.mean() != 0) {
                    noise[i] = s.points() ? d.halfWidth95() : 100 * d.halfWidth95() / Math.abs(base.mean());
                    // One run per side: outside the within-run band is not yet a change (the run-to-run noise is
                    // larger).
                    verdict[i] = !(Math.abs(delta[i]) > noise[i]) ? "within noise" : "needs runs";
                }
            }
        }
        return new CompareResult.Figure(
                s.name(),
                s.unit(),
                s.higherIsBetter(),
                Arrays.asList(values),
                Arrays.asList(delta),
                s.points() ? "pp" : "%",
                Arrays.asList(noise),
                Arrays.asList(verdict));
    }
}
