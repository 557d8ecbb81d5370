package org.sdbench.study.sweep;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.measure.environment.Environment;
import org.sdbench.protocol.Role;
import org.sdbench.report.RunReport;

/**
 * One run of a sweep, as kept in sweep.json: where it stood in the sweep and the figures of its run
 * folder that the capacity, the queueing model and the sizing statement need.
 *
 * @param phase               {@link #WARM_UP} (discarded), {@link #SEARCH} (one run per level while the
 *                            knee is located) or {@link #ROUND} (the levels around the knee, in
 *                            counterbalanced rounds)
 * @param round               the round (from 1) of a round run; 0 otherwise
 * @param position            its place in the round's order (from 1); 0 otherwise
 * @param waitMs              average dispatcher wait of a dialog step (queueing for a work process)
 * @param cpuPercentByTier    CPU of the sweep's own processes on this host by tier, in percent of the
 *                            host (100 = every logical CPU busy); a tier not measured is absent
 * @param databaseCpus        CPUs the database was pinned to by run.cpuSplit; null when it shared the host's
 * @param dialogWorkProcesses dialog work processes of all instances
 * @param rollAreaPeakBytes   most bytes the instances' roll areas held at once (user contexts times their size)
 * @param databaseBytes       the database's size at the window's end; null when not measured
 * @param documentBytes       size of the document tables after the run (grows unless reset)
 * @param elapsedSeconds      wall time of the run with its reset, for the estimate of the time left
 */
public record SweepRun(
        String phase,
        int round,
        int position,
        int users,
        String folder,
        double windowSeconds,
        long steps,
        long errors,
        double avgResponseMs,
        double p95ResponseMs,
        double waitMs,
        double dialogStepsPerHour,
        double sapsLike,
        Double sapsLikeAtCalibrationSpeed,
        Double hostBusyPercent,
        int logicalCpus,
        Map<String, Double> cpuPercentByTier,
        Integer databaseCpus,
        int dialogWorkProcesses,
        long rollAreaPeakBytes,
        Long databaseBytes,
        long documentBytes,
        double elapsedSeconds,
        boolean stoppedEarly) {

    public static final String WARM_UP = "warm-up";

    /** The headings every listing of the runs starts with, on the terminal and in the HTML report. */
    public static final List<String> HEADINGS =
            List.of("phase", "round", "users", "DS/h", "SAPS-like", "avg ms", "p95 ms");

    public static final String SEARCH = "search";
    public static final String ROUND = "round";
    public static final String APP_TIER = "app tier";
    public static final String DRIVER = Role.DRIVER;
    public static final String APP_SERVERS = "app servers";
    public static final String CENTRAL = "central services";
    public static final String DATABASE = "database";

    public SweepRun {
        cpuPercentByTier = cpuPercentByTier == null
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(cpuPercentByTier));
    }

    /** Where the run stood in the sweep. */
    public record Place(String phase, int round, int position) {}

    public double errorRate() {
        return steps + errors == 0 ? 0 : (double) errors / (steps + errors);
    }

    /** Dialog steps (done or failed) per second of the window. */
    public double stepsPerSecond() {
        return windowSeconds > 0 ? (steps + errors) / windowSeconds : 0;
    }

    public double avgResponseSeconds() {
        return avgResponseMs / 1000;
    }

    /** CPU of the sweep's own processes on this host in cores; null when not measured. */
    public Double ownCores() {
        if (cpuPercentByTier.isEmpty()) {
            return null;
        }
        return cpuPercentByTier.values().stream()
                        .mapToDouble(Double::doubleValue)
                        .sum()
                / 100
                * logicalCpus;
    }

    /** Cores busy with work other than the sweep's (other programs, other databases); null when not measured. */
    public Double otherCores() {
        Double own = ownCores();
        return own == null || hostBusyPercent == null ? null : Math.max(0, hostBusyPercent / 100 * logicalCpus - own);
    }

    public static SweepRun of(
            RunReport r,
            Environment env,
            Place place,
            String folder,
            int userContextBytes,
            long documentBytes,
            double elapsedSeconds) {
        var s = r.summary();
        long errors =
                s.errorsByKind().values().stream().mapToLong(Long::longValue).sum();
        var h = r.host();
        var w = r.work();
        var split = env == null ? null : env.cpuSplit();
        var app = r.appTier();
        return new SweepRun(
                place.phase(),
                place.round(),
                place.position(),
                r.users(),
                folder,
                s.windowSeconds(),
                s.overall().count(),
                errors,
                s.overall().response().avgMs(),
                s.overall().response().p95Ms(),
                s.overall().avg().waitMs(),
                r.throughput().dialogStepsPerHour(),
                r.throughput().sapsLike(),
                r.throughput().sapsLikeAtCalibrationSpeed(),
                h == null ? null : h.hostBusyPercent(),
                h == null ? 0 : h.logicalCpus(),
                tiers(r),
                split != null && split.applied() ? cpuCount(split.databaseCpus()) : null,
                app.instances() * app.dialogWorkProcesses(),
                app.rollAreaPeak() * userContextBytes,
                r.dbWindow() == null ? null : r.dbWindow().dbSizeBytes(),
                documentBytes,
                elapsedSeconds,
                r.reliability().stoppedEarly());
    }

    /** The sweep's own CPU by tier; the database's is the run's PostgreSQL cluster, null where not sampled. */
    private static Map<String, Double> tiers(RunReport r) {
        Map<String, Double> out = new LinkedHashMap<>();
        var h = r.host();
        if (h == null) {
            return out;
        }
        Double db = h.dbServerCpuPercent();
        if (r.threeTier() == null) {
            out.put(APP_TIER, h.simulatorCpuPercent());
        } else {
            var c = r.threeTier().cpu();
            put(out, DRIVER, c.driver());
            put(out, APP_SERVERS, c.appServers());
            put(out, CENTRAL, c.central());
        }
        put(out, DATABASE, db);
        return out;
    }

    private static void put(Map<String, Double> m, String k, Double v) {
        if (v != null) {
            m.put(k, v);
        }
    }

    /** How many CPUs a taskset list such as {@code 0}, {@code 0-1} or {@code 0,2-3} names. */
    static int cpuCount(String list) {
        int n = 0;
        for (String part : list.split(",")) {
            String[] range = part.strip().split("-");
            n += range.length == 1 ? 1 : Integer.parseInt(range[1]) - Integer.parseInt(range[0]) + 1;
        }
        return n;
    }
}
