package org.sdbench.sweep;

import java.io.PrintWriter;
import java.util.Locale;

/** The capacity curve and the knee on the terminal. */
public final class SweepTable {
    private SweepTable() {}

    public static void print(SweepResult r, PrintWriter out) {
        out.println();
        out.printf(
                Locale.ROOT,
                "== sdbench sweep '%s': limit %.2f s average dialog response time, think time %.2f s ==%n",
                r.name(),
                r.limitSeconds(),
                r.thinkSeconds());
        out.println("   " + r.note());
        out.printf(
                Locale.ROOT,
                "%7s %11s %9s %9s %9s %9s %8s %8s %8s %7s %9s | %11s%n",
                "users",
                "DS/h",
                "SAPS-like",
                "avg ms",
                "p95 ms",
                "host CPU",
                "sim CPU",
                "DB CPU",
                "CPU/step",
                "errors",
                "docs MB",
                "model avg ms");
        for (SweepRun l : r.levels()) {
            Double predicted = r.model() == null
                    ? null
                    : r.model().predictions().stream()
                            .filter(p -> p.users() == l.users())
                            .map(SweepResult.Prediction::avgResponseMs)
                            .findFirst()
                            .orElse(null);
            out.printf(
                    Locale.ROOT,
                    "%7d %,11.0f %,9.0f %9.1f %9.1f %8s %7.1f%% %8s %8s %6.2f%% %9.1f | %11s%s%n",
                    l.users(),
                    l.dialogStepsPerHour(),
                    l.sapsLike(),
                    l.avgResponseMs(),
                    l.p95ResponseMs(),
                    pct(l.hostBusyPercent()),
                    l.simulatorCpuPercent(),
                    pct(l.dbServerCpuPercent()),
                    l.cpuSecondsPerStep() == null
                            ? "n/a"
                            : String.format(Locale.ROOT, "%.2fms", l.cpuSecondsPerStep() * 1000),
                    l.errorRate() * 100,
                    l.documentBytes() / 1048576.0,
                    predicted == null ? "n/a" : String.format(Locale.ROOT, "%.1f", predicted),
                    l.stoppedEarly() ? "  (stopped early)" : "");
        }
        var m = r.measured();
        out.println();
        if (m.maxUsers() != null) {
            out.printf(
                    Locale.ROOT,
                    "maximum users under %.2f s: %.0f (interpolated between %d and %d users), %,.0f SAPS-like there%n",
                    r.limitSeconds(),
                    Math.floor(m.maxUsers()),
                    m.lastLevelUnder(),
                    m.firstLevelOver(),
                    m.sapsLikeAtMax());
        }
        if (r.model() != null && r.model().predictedMaxUsers() != null) {
            out.printf(
                    Locale.ROOT,
                    "queueing model predicts %d users%s%n",
                    r.model().predictedMaxUsers(),
                    r.model().errorPercent() == null
                            ? ""
                            : String.format(
                                    Locale.ROOT,
                                    " (%+.1f %% against the measurement)",
                                    r.model().errorPercent()));
        }
        r.notes().forEach(n -> out.println("note: " + n));
        out.flush();
    }

    private static String pct(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", v);
    }
}
