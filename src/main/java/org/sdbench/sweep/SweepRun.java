package org.sdbench.sweep;

import org.sdbench.report.RunReport;

/**
 * One measured level of a sweep, as kept in sweep.json: the figures of its run folder that the
 * capacity curve and the queueing model need.
 *
 * @param cpuSecondsPerStep host CPU busy time per dialog step over the window (all processes of
 *                          this machine: simulator and a local DB); null when not measurable
 * @param documentBytes     size of the document tables after the level (grows unless reset)
 */
public record SweepRun(
        int users,
        String folder,
        double windowSeconds,
        long steps,
        long errors,
        double avgResponseMs,
        double p95ResponseMs,
        double dialogStepsPerHour,
        double sapsLike,
        Double hostBusyPercent,
        double simulatorCpuPercent,
        Double dbServerCpuPercent,
        int logicalCpus,
        Double cpuSecondsPerStep,
        long documentBytes,
        boolean stoppedEarly) {

    public double errorRate() {
        return steps + errors == 0 ? 0 : (double) errors / (steps + errors);
    }

    public Knee.Level point() {
        return new Knee.Level(users, avgResponseMs / 1000);
    }

    public static SweepRun of(RunReport r, String folder, long documentBytes) {
        var s = r.summary();
        long errors =
                s.errorsByKind().values().stream().mapToLong(Long::longValue).sum();
        var h = r.host();
        Double busy = h == null ? null : h.hostBusyPercent();
        Double perStep = busy == null || s.overall().count() + errors == 0
                ? null
                : busy / 100 * h.logicalCpus() * h.seconds() / (s.overall().count() + errors);
        return new SweepRun(
                r.users(),
                folder,
                s.windowSeconds(),
                s.overall().count(),
                errors,
                s.overall().response().avgMs(),
                s.overall().response().p95Ms(),
                r.throughput().dialogStepsPerHour(),
                r.throughput().sapsLike(),
                busy,
                h == null ? 0 : h.simulatorCpuPercent(),
                h == null ? null : h.dbServerCpuPercent(),
                h == null ? 0 : h.logicalCpus(),
                perStep,
                documentBytes,
                r.reliability().stoppedEarly());
    }
}
