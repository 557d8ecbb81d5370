package org.sdbench.measure.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The eight ST03 components of a dialog step's time, in the order every report lists them, with
 * each name they go by: the threshold key, the tag of the metrics endpoint and the intervals file,
 * the terminal's column, the HTML table's column, the chart's legend and the comparison's figure.
 * Roll-out is listed but is not part of the response time, as in SAP: charts and comparisons
 * leave it out.
 */
public enum Component {
    WAIT("wait", "wait", "wait", "wait", "wait", "dispatcher wait", Components::waitMs),
    ROLL_IN("rollIn", "roll_in", "roll", "roll-in", "roll-in", "roll-in", Components::rollInMs),
    CPU("cpu", "cpu", "cpu", "CPU", "CPU", "CPU (processing)", Components::cpuMs),
    DB("db", "db", "db", "DB", "DB", "DB time per step", Components::dbMs),
    ENQUEUE("enqueue", "enqueue", "enq", "enqueue", "enqueue", "enqueue time", Components::enqueueMs),
    NUMBER_RANGE(
            "numberRange", "number_range", "nr", "nr", "number range", "number-range wait", Components::numberRangeMs),
    UPDATE_WAIT(
            "updateWait", "update_wait", "updwait", "upd wait", "update wait", "update wait", Components::updateWaitMs),
    ROLL_OUT("rollOut", "roll_out", "rollout", "roll-out", null, null, Components::rollOutMs);

    private final String key;
    private final String tag;
    private final String column;
    private final String heading;
    private final String legend;
    private final String figure;
    private final ToDoubleFunction<Components> value;

    Component(
            String key,
            String tag,
            String column,
            String heading,
            String legend,
            String figure,
            ToDoubleFunction<Components> value) {
        this.key = key;
        this.tag = tag;
        this.column = column;
        this.heading = heading;
        this.legend = legend;
        this.figure = figure;
        this.value = value;
    }

    /** Its name in a threshold ({@code dialog.rollIn}). */
    public String key() {
        return key;
    }

    /** Its name as the metrics endpoint's tag and, with {@code _ms}, the intervals file's column. */
    public String tag() {
        return tag;
    }

    /** Its short column heading on the terminal. */
    public String column() {
        return column;
    }

    /** Its column heading in the HTML report's tables. */
    public String heading() {
        return heading;
    }

    /** Its name in the charts' legend; null for roll-out, which is not response time. */
    public String legend() {
        return legend;
    }

    /** Its name as a figure of a comparison; null for roll-out, which is not response time. */
    public String figure() {
        return figure;
    }

    /** Its average per dialog step in {@code c}, in milliseconds. */
    public double of(Components c) {
        return value.applyAsDouble(c);
    }

    /**
     * Format arguments for a row that lists every component: {@code before}, the eight averages of
     * {@code c} in order, then {@code after}.
     */
    public static Object[] row(Object[] before, Components c, Object... after) {
        List<Object> args = new ArrayList<>(Arrays.asList(before));
        for (Component k : values()) {
            args.add(k.of(c));
        }
        args.addAll(Arrays.asList(after));
        return args.toArray();
    }

    /** Every threshold key, in order. */
    public static List<String> keys() {
        return Arrays.stream(values()).map(Component::key).toList();
    }

    /** The component a threshold key names. */
    public static Component byKey(String key) {
        for (Component c : values()) {
            if (c.key.equals(key)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no component " + key + ": one of " + keys());
    }

    /** The components that are part of the response time: all but roll-out. */
    public static List<Component> inResponse() {
        return Arrays.stream(values()).filter(c -> c != ROLL_OUT).toList();
    }
}
