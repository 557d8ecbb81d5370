package org.sdbench.report.threshold;

import java.util.List;
import org.sdbench.measure.metrics.Component;
import org.sdbench.measure.metrics.Latency;
import org.sdbench.measure.metrics.StepStats;
import org.sdbench.measure.metrics.Summary;
import org.sdbench.report.RunReport;
import org.sdbench.report.ThresholdResult;

/** Parses the {@code --threshold} options and evaluates them against a run's report. */
public final class Thresholds {
    private Thresholds() {}

    /** Parses every expression up front, so a typo fails before the run (exit 2), not after it. */
    public static List<Threshold> parse(List<String> expressions) {
        return expressions == null
                ? List.of()
                : expressions.stream().map(Threshold::parse).toList();
    }

    public static List<ThresholdResult> evaluate(List<Threshold> thresholds, RunReport r) {
        return thresholds.stream()
                .map(t -> {
                    double actual = actual(t.metric(), r);
                    return new ThresholdResult(
                            t.expression(),
                            t.metric().name(),
                            t.op(),
                            t.limit(),
                            actual,
                            t.metric().unit(),
                            t.passes(actual));
                })
                .toList();
    }

    public static boolean allPassed(List<ThresholdResult> results) {
        return results.stream().allMatch(ThresholdResult::passed);
    }

    static double actual(Metric m, RunReport r) {
        Summary s = r.summary();
        long errors =
                s.errorsByKind().values().stream().mapToLong(Long::longValue).sum();
        return switch (m.scope()) {
            case "errors" ->
                "rate".equals(m.stat())
                        ? (errors + s.overall().count() == 0
                                ? 0
                                : 100.0 * errors / (errors + s.overall().count()))
                        : errors;
            case "sapsLike" -> r.throughput().sapsLike();
            case "dsPerHour" -> r.throughput().dialogStepsPerHour();
            case "lineItemsPerHour" -> r.throughput().lineItemsPerHour();
            case "update" -> latency(s.update().saveToCommitted(), m.stat());
            case "dialog" -> stat(s.overall(), m.stat());
            default -> stat(find(s, m.scope()), m.stat());
        };
    }

    private static StepStats find(Summary s, String scope) {
        return (scope.contains("/") ? s.steps() : s.transactions())
                .stream()
                        .filter(x -> x.label().equals(scope))
                        .findFirst()
                        .orElseThrow(() -> new IllegalStateException("no figures for " + scope + " in the summary"));
    }

    private static double stat(StepStats st, String stat) {
        if (Metric.PERCENTILES.contains(stat)) {
            return latency(st.response(), stat);
        }
        return Component.byKey(stat).of(st.avg());
    }

    private static double latency(Latency l, String stat) {
        return switch (stat) {
            case "avg" -> l.avgMs();
            case "p50" -> l.p50Ms();
            case "p90" -> l.p90Ms();
            case "p95" -> l.p95Ms();
            case "p99" -> l.p99Ms();
            default -> l.maxMs();
        };
    }
}
