package org.sdbench.report.threshold;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sdbench.config.ConfigException;
import org.sdbench.report.ThresholdResult;

/**
 * One {@code --threshold} expression such as {@code dialog.avg<1s}, {@code dialog.p95<2s},
 * {@code errors<0.1%} or {@code sapsLike>500}: a metric of the measurement window, a comparison
 * and a limit. Time limits need a unit (ms or s) so that {@code <1} cannot silently mean 1 ms.
 *
 * @param limit in the metric's unit: milliseconds for times, percent for rates, else plain
 */
public record Threshold(String expression, Metric metric, String op, double limit) {

    private static final Pattern FORM =
            Pattern.compile("\\s*([A-Za-z0-9_./-]+)\\s*(<=|>=|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ms|s|%)?\\s*");

    public static final String ALLOWED = "METRIC<LIMIT, METRIC<=, > or >= with METRIC one of dialog.STAT, TX.STAT, "
            + "TX/STEP.STAT, update.STAT (STAT: avg p50 p90 p95 p99 max, or a component: wait rollIn cpu db enqueue "
            + "numberRange updateWait rollOut) with a time in ms or s; errors with a count or a percentage; sapsLike, "
            + "dsPerHour, lineItemsPerHour; e.g. dialog.avg<1s, errors<0.1%, sapsLike>500";

    public static Threshold parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text);
        if (!m.matches()) {
            throw bad(text, ALLOWED);
        }
        Metric metric = Metric.parse(m.group(1), text);
        double value = Double.parseDouble(m.group(3));
        String unit = m.group(4);
        double limit = switch (metric.kind()) {
            case TIME -> {
                if (unit == null || "%".equals(unit)) {
                    throw bad(
                            text,
                            "a time limit with its unit, e.g. " + m.group(1) + m.group(2) + "500ms or " + m.group(1)
                                    + m.group(2) + "1s");
                }
                yield "s".equals(unit) ? value * 1000 : value;
            }
            case COUNT_OR_PERCENT -> value;
            case NUMBER -> {
                if (unit != null) {
                    throw bad(text, "a plain number for " + m.group(1) + ", e.g. " + m.group(1) + m.group(2) + "500");
                }
                yield value;
            }
        };
        Metric effective = metric.kind() == Metric.Kind.COUNT_OR_PERCENT && "%".equals(unit) ? metric.asRate() : metric;
        return new Threshold(text.strip(), effective, m.group(2), limit);
    }

    static ConfigException bad(String text, String allowed) {
        return new ConfigException("'--threshold' = '" + text + "' is not allowed: " + allowed);
    }

    /** Whether {@code actual} satisfies this threshold. */
    public boolean passes(double actual) {
        return switch (op) {
            case "<" -> actual < limit;
            case "<=" -> actual <= limit;
            case ">" -> actual > limit;
            default -> actual >= limit;
        };
    }

    /** The limit as written for humans, in the metric's unit. */
    public String limitText() {
        return ThresholdResult.format(limit, metric.unit());
    }
}
