package org.sdbench.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.sdbench.measure.metrics.Component;
import org.sdbench.measure.metrics.Components;

/**
 * intervals.csv: one row per harvested interval, all phases (the in_window column marks the
 * measurement window). The first thirteen columns are those of the first release, in the same
 * order; readers go by the header, so columns may be added at the end.
 */
public final class IntervalsCsv {
    static final String HEADER = "wall_ms,seconds,in_window,steps,errors,ds_per_hour,avg_ms,p95_ms,max_ms,line_items,"
            + "updates,update_queue_max,think_lag_p95_ms,t_s,phase,users,update_queue,"
            + Arrays.stream(Component.values()).map(c -> column(c)).collect(Collectors.joining(","));

    private IntervalsCsv() {}

    /** A component's column: its tag in milliseconds. */
    private static String column(Component c) {
        return c.tag() + "_ms";
    }

    public static void write(Path file, List<IntervalRow> rows) throws IOException {
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(file))) {
            w.println(HEADER);
            for (IntervalRow r : rows) {
                Components c = r.avg();
                w.printf(
                        Locale.ROOT,
                        "%d,%.3f,%b,%d,%d,%.0f,%.2f,%.2f,%.2f,%d,%d,%d,%.2f,%.3f,%s,%d,%d,%.3f,%.3f,%.3f,%.3f,"
                                + "%.3f,%.3f,%.3f,%.3f%n",
                        Component.row(
                                new Object[] {
                                    r.wallMillis(),
                                    r.seconds(),
                                    r.inWindow(),
                                    r.steps(),
                                    r.errors(),
                                    r.dsPerHour(),
                                    r.avgMs(),
                                    r.p95Ms(),
                                    r.maxMs(),
                                    r.lineItems(),
                                    r.updates(),
                                    r.updateQueueMax(),
                                    r.thinkLagP95Ms(),
                                    r.endSeconds(),
                                    r.phase(),
                                    r.users(),
                                    r.updateQueue()
                                },
                                c));
            }
        }
    }

    /** Reads a file written by any sdbench version; columns it lacks read as 0 (t_s as the running sum). */
    public static List<IntervalRow> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        if (lines.isEmpty()) {
            throw new IOException(file + " is empty: expected the header " + HEADER);
        }
        String[] header = lines.get(0).split(",");
        Map<String, Integer> col = new HashMap<>();
        for (int i = 0; i < header.length; i++) {
            col.put(header[i].strip(), i);
        }
        for (String required : List.of("seconds", "in_window", "steps", "ds_per_hour", "avg_ms")) {
            if (!col.containsKey(required)) {
                throw new IOException(file + ": column '" + required + "' is missing from the header " + lines.get(0));
            }
        }
        List<IntervalRow> rows = new ArrayList<>();
        double t = 0;
        for (int n = 1; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) {
                continue;
            }
            Row r = new Row(lines.get(n).split(",", -1), col, file, n + 1);
            double seconds = r.d("seconds");
            t = col.containsKey("t_s") ? r.d("t_s") : t + seconds;
            boolean inWindow = Boolean.parseBoolean(r.s("in_window"));
            String phase = col.containsKey("phase") ? r.s("phase") : inWindow ? "measurement" : "";
            rows.add(new IntervalRow(
                    r.l("wall_ms"),
                    t,
                    seconds,
                    phase,
                    inWindow,
                    (int) r.l("users"),
                    r.l("steps"),
                    r.l("errors"),
                    r.d("ds_per_hour"),
                    r.d("avg_ms"),
                    r.d("p95_ms"),
                    r.d("max_ms"),
                    new Components(
                            r.d(column(Component.WAIT)),
                            r.d(column(Component.ROLL_IN)),
                            r.d(column(Component.CPU)),
                            r.d(column(Component.DB)),
                            r.d(column(Component.ENQUEUE)),
                            r.d(column(Component.NUMBER_RANGE)),
                            r.d(column(Component.UPDATE_WAIT)),
                            r.d(column(Component.ROLL_OUT))),
                    r.l("line_items"),
                    r.l("updates"),
                    r.l("update_queue_max"),
                    (int) r.l("update_queue"),
                    r.d("think_lag_p95_ms")));
        }
        return rows;
    }

    private record Row(String[] f, Map<String, Integer> col, Path file, int line) {
        String s(String name) {
            Integer i = col.get(name);
            return i == null || i >= f.length ? "" : f[i].strip();
        }

        double d(String name) throws IOException {
            String v = s(name);
            try {
                return v.isEmpty() ? 0 : Double.parseDouble(v);
            } catch (NumberFormatException e) {
                throw new IOException(file + " line " + line + ": " + name + " = '" + v + "' is not a number");
            }
        }

        long l(String name) throws IOException {
            return Math.round(d(name));
        }
    }
}
