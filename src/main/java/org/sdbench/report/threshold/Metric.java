package org.sdbench.report.threshold;

import java.util.Arrays;
import java.util.List;
import org.sdbench.core.SdStep;
import org.sdbench.core.Tx;
import org.sdbench.measure.metrics.Component;

/**
 * What a threshold measures. {@code scope} is "dialog" (all steps), a transaction such as
 * "VA01", a step such as "VA01/save", "update" (save to V1 commit), or a throughput/error figure;
 * {@code stat} picks a percentile, the average or an ST03 component.
 */
public record Metric(String name, String scope, String stat, Kind kind) {

    public enum Kind {
        TIME,
        COUNT_OR_PERCENT,
        NUMBER
    }

    static final List<String> PERCENTILES = List.of("avg", "p50", "p90", "p95", "p99", "max");
    static final List<String> COMPONENTS = Component.keys();
    static final List<String> THROUGHPUTS = List.of("sapsLike", "dsPerHour", "lineItemsPerHour");

    static Metric parse(String name, String expression) {
        if ("errors".equals(name)) {
            return new Metric(name, "errors", "count", Kind.COUNT_OR_PERCENT);
        }
        if (THROUGHPUTS.contains(name)) {
            return new Metric(name, name, name, Kind.NUMBER);
        }
        int dot = name.lastIndexOf('.');
        if (dot <= 0) {
            throw Threshold.bad(expression, "a known metric: " + Threshold.ALLOWED);
        }
        String scope = name.substring(0, dot);
        String stat = name.substring(dot + 1);
        boolean known = "dialog".equals(scope) || "update".equals(scope) || isTx(scope) || isStep(scope);
        if (!known) {
            throw Threshold.bad(
                    expression,
                    "a scope of dialog, update, a transaction " + Arrays.toString(Tx.values())
                            + " or a step such as VA01/save");
        }
        boolean statOk = PERCENTILES.contains(stat) || !"update".equals(scope) && COMPONENTS.contains(stat);
        if (!statOk) {
            throw Threshold.bad(
                    expression,
                    "a statistic among " + PERCENTILES
                            + ("update".equals(scope) ? "" : " or a component among " + COMPONENTS));
        }
        return new Metric(name, scope, stat, Kind.TIME);
    }

    /** {@code errors} written with a percent sign: failed steps / all steps. */
    Metric asRate() {
        return new Metric(name, scope, "rate", kind);
    }

    public String unit() {
        return switch (kind) {
            case TIME -> "ms";
            case COUNT_OR_PERCENT -> "rate".equals(stat) ? "%" : "";
            case NUMBER -> "";
        };
    }

    private static boolean isTx(String s) {
        return Arrays.stream(Tx.values()).anyMatch(t -> t.name().equals(s));
    }

    private static boolean isStep(String s) {
        return Arrays.stream(SdStep.values()).anyMatch(t -> t.label().equals(s));
    }
}
