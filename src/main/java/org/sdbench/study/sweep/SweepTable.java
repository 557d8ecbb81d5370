package org.sdbench.study.sweep;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The sweep on the terminal: every run, the capacity with its interval, the model's check, the sizing statement. */
public final class SweepTable {
    private SweepTable() {}

    public static void print(SweepResult r, PrintWriter out) {
        out.println();
        out.printf(
                Locale.ROOT,
                "== sdbench sweep '%s': limit %.3f s average dialog response time, think time %.2f s ==%n",
                r.name(),
                r.limitSeconds(),
                r.thinkSeconds());
        out.println("   " + r.note());
        out.printf(
                Locale.ROOT,
                "%-8s %5s %6s %11s %9s %9s %9s %8s %8s %8s %7s%n",
                Stream.concat(SweepRun.HEADINGS.stream(), Stream.of("host CPU", "own CPU", "DB CPU", "errors"))
                        .toArray());
        for (SweepRun l : r.runs()) {
            Double own = l.ownCores();
            Double db = l.cpuPercentByTier().get(SweepRun.DATABASE);
            out.printf(
                    Locale.ROOT,
                    "%-8s %5s %6d %,11.0f %,9.0f %9.1f %9.1f %8s %8s %8s %6.2f%%%n",
                    l.phase(),
                    l.round() == 0 ? "" : l.round() + "." + l.position(),
                    l.users(),
                    l.dialogStepsPerHour(),
                    l.sapsLike(),
                    l.avgResponseMs(),
                    l.p95ResponseMs(),
                    pct(l.hostBusyPercent()),
                    own == null || l.logicalCpus() == 0 ? "n/a" : pct(own / l.logicalCpus() * 100),
                    pct(db),
                    l.errorRate() * 100);
        }
        out.println();
        capacity(r, out);
        model(r.model(), out);
        sizing(r.sizing(), out);
        if (r.stopped() != null) {
            out.println("stopped: " + r.stopped());
        }
        r.notes().forEach(n -> out.println("note: " + n));
        out.flush();
    }

    private static void capacity(SweepResult r, PrintWriter out) {
        var c = r.capacity();
        if (c == null) {
            out.println("capacity: not yet measured (see the notes)");
            return;
        }
        out.printf(
                Locale.ROOT,
                "capacity: %d users under %.3f s average response, 95 %% interval %s; %d runs per level at %s users, %d rounds%n",
                c.users(),
                c.limitSeconds(),
                c.ci95() == null
                        ? "n/a (one round)"
                        : c.ci95().get(0) + " to " + c.ci95().get(1),
                c.runsPerLevel(),
                c.levels(),
                c.rounds());
        out.println("   method: " + c.method());
    }

    private static void model(SweepResult.Model m, PrintWriter out) {
        if (m == null) {
            return;
        }
        out.printf(
                Locale.ROOT,
                "model: %s; %d dialog work processes; latency %.2f ms; fitted on %s users%n",
                stations(m),
                m.workProcesses(),
                m.latencyMs(),
                m.calibratedOnUsers());
        out.println("   " + heldOut(m.heldOut()));
    }

    static String stations(SweepResult.Model m) {
        return m.stations().stream()
                .map(s -> String.format(
                        Locale.ROOT,
                        "%s %d CPUs at %.2f ms per step (%s)",
                        s.name(),
                        s.cores(),
                        s.demandMs(),
                        String.join(" + ", s.tiers())))
                .collect(Collectors.joining("; "));
    }

    static String heldOut(SweepResult.HeldOut h) {
        return String.format(
                Locale.ROOT,
                "held out %d users (%d runs): DS/h %,.0f predicted, %,.0f measured (%+.1f %%); average response %.1f ms"
                        + " predicted, %.1f ms measured (%+.1f %%): %s",
                h.users(),
                h.runs(),
                h.predictedDsh(),
                h.measuredDsh(),
                h.errorPercent(),
                h.predictedAvgMs(),
                h.measuredAvgMs(),
                h.avgErrorPercent(),
                h.judgement());
    }

    private static void sizing(SweepResult.Sizing s, PrintWriter out) {
        if (s == null) {
            return;
        }
        out.println("sizing (SAPS-like, not certified SAPS):");
        row(
                out,
                "users at the limit",
                s.usersAtLimit()
                        + (s.ci95() == null
                                ? ""
                                : " (" + s.ci95().get(0) + " to " + s.ci95().get(1) + ")"));
        row(
                out,
                "SAPS-like at the knee",
                num(s.sapsLikeAtKnee()) + " raw, " + num(s.sapsLikeAtCalibrationSpeed())
                        + " at the workload's calibration speed");
        row(
                out,
                "SAPS-like per user",
                s.sapsLikePerUser() == null ? "n/a" : String.format(Locale.ROOT, "%.2f", s.sapsLikePerUser()));
        row(out, "CPU at the knee", tiers(s.tiers()));
        row(out, "saturates first", s.bottleneck() == null ? "n/a" : s.bottleneck());
        row(
                out,
                "at 65 % CPU",
                s.usersAt65PercentCpu() == null
                        ? "n/a"
                        : s.usersAt65PercentCpu() + " users, " + num(s.sapsLikeAt65PercentCpu()) + " SAPS-like");
        row(
                out,
                "memory per user",
                "roll area " + bytes(s.rollAreaBytesPerUser()) + ", database " + bytes(s.databaseBytesPerUser()));
    }

    private static String tiers(List<SweepResult.TierShare> tiers) {
        return tiers.stream()
                .map(t -> String.format(
                        Locale.ROOT,
                        "%s %.1f %% of the host (%s of the sweep's CPU)",
                        t.tier(),
                        t.cpuPercentOfHost(),
                        t.shareOfOwnCpu() == null
                                ? "n/a"
                                : String.format(Locale.ROOT, "%.0f %%", t.shareOfOwnCpu() * 100)))
                .collect(Collectors.joining(", "));
    }

    private static void row(PrintWriter out, String label, String value) {
        out.printf(Locale.ROOT, "   %-24s %s%n", label, value);
    }

    static String num(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%,.0f", v);
    }

    static String bytes(Double v) {
        if (v == null) {
            return "n/a";
        }
        return v >= 1 << 20
                ? String.format(Locale.ROOT, "%.1f MB", v / (1 << 20))
                : String.format(Locale.ROOT, "%.1f KB", v / 1024);
    }

    private static String pct(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", v);
    }
}
