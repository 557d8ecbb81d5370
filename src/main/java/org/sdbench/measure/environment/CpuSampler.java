package org.sdbench.measure.environment;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Samples host, simulator and DB-server CPU time; two samples give a {@link HostUsage}. The DB
 * server is the run's own PostgreSQL cluster ({@link ClusterCpu}); never another cluster's processes.
 */
public final class CpuSampler {
    /** Linux reports /proc times in USER_HZ, which is 100 on every mainstream architecture. */
    private static final double TICKS_PER_SECOND = 100.0;

    private final ClusterCpu cluster;
    private final String dbNote;

    /** @param db where the DB server's CPU comes from, or why it is not sampled */
    public CpuSampler(ClusterCpu.Located db) {
        this.cluster = db instanceof ClusterCpu.Found f ? f.cpu() : null;
        this.dbNote = switch (db) {
            case ClusterCpu.Found f ->
                "DB server = the run's PostgreSQL cluster (postmaster pid "
                        + f.cpu().postmasterPid() + ", from the " + f.how()
                        + "): its processes and those that ended during the window";
            case ClusterCpu.Absent a -> "DB server CPU not sampled: " + a.reason();
        };
    }

    /** One sample; fields are -1 where the host does not expose them. */
    public record Sample(
            long nanos,
            long busyTicks,
            long totalTicks,
            long processCpuNanos,
            long postgresTicks,
            long databaseBackendTicks,
            long stealTicks) {}

    public Sample sample(long nanos) {
        long busy = -1;
        long total = -1;
        long steal = -1;
        List<String> stat = HostProbe.lines(Path.of("/proc/stat"));
        if (!stat.isEmpty() && stat.get(0).startsWith("cpu ")) {
            String[] f = stat.get(0).trim().split("\\s+");
            total = 0;
            // user nice system idle iowait irq softirq steal; guest time is already inside user.
            for (int i = 1; i < Math.min(f.length, 9); i++) {
                total += Long.parseLong(f[i]);
            }
            busy = total - Long.parseLong(f[4]) - (f.length > 5 ? Long.parseLong(f[5]) : 0);
            steal = f.length > 8 ? Long.parseLong(f[8]) : -1;
        }
        long process = ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
                ? os.getProcessCpuTime()
                : -1;
        ClusterCpu.Sample db = cluster == null ? new ClusterCpu.Sample(-1, -1) : cluster.sample();
        return new Sample(nanos, busy, total, process, db.clusterTicks(), db.backendTicks(), steal);
    }

    /**
     * @param speed the speed probe's figures, whose backend CPU ({@link DbSpeed#probeCpuMs}) is left
     *     out of the DB server's figure; null when no probe ran
     */
    public HostUsage usage(Sample a, Sample b, DbSpeed speed) {
        double seconds = (b.nanos() - a.nanos()) / 1e9;
        int cpus = CpuPinning.logicalCpus();
        double capacity = seconds * cpus;
        Double host = a.totalTicks() < 0 || b.totalTicks() <= a.totalTicks()
                ? null
                : 100.0 * (b.busyTicks() - a.busyTicks()) / (b.totalTicks() - a.totalTicks());
        double sim = a.processCpuNanos() < 0 || capacity <= 0
                ? 0
                : 100.0 * (b.processCpuNanos() - a.processCpuNanos()) / 1e9 / capacity;
        String note = dbNote;
        Double db = null;
        if (cluster != null && (a.postgresTicks() < 0 || b.postgresTicks() < 0)) {
            note = "DB server CPU unknown: its postmaster (pid " + cluster.postmasterPid()
                    + ") ended or restarted during the window";
        } else if (cluster != null && capacity > 0) {
            double probeSeconds = speed == null || speed.probeCpuMs() == null ? 0 : speed.probeCpuMs() / 1e3;
            double dbSeconds = (b.postgresTicks() - a.postgresTicks()) / TICKS_PER_SECOND - probeSeconds;
            db = 100.0 * Math.max(0, dbSeconds) / capacity;
        }
        // Running backends only: one that ended takes its ticks with it, and then the figure is unknown.
        Double backends =
                a.databaseBackendTicks() < 0 || b.databaseBackendTicks() < a.databaseBackendTicks() || capacity <= 0
                        ? null
                        : 100.0 * (b.databaseBackendTicks() - a.databaseBackendTicks()) / TICKS_PER_SECOND / capacity;
        Double steal = a.stealTicks() < 0 || b.stealTicks() < a.stealTicks() || b.totalTicks() <= a.totalTicks()
                ? null
                : 100.0 * (b.stealTicks() - a.stealTicks()) / (b.totalTicks() - a.totalTicks());
        return new HostUsage(seconds, cpus, host, sim, db, note, backends, speed, steal);
    }

    /** Backends set their title to "postgres: [cluster: ]user database host(port) activity". */
    static boolean serves(Path proc, String database) {
        String title = HostProbe.read(proc.resolve("cmdline"));
        return title != null && servesTitle(title.replace('\0', ' '), database);
    }

    /** Whether a postgres process title is that of a backend connected to {@code database}. */
    public static boolean servesTitle(String title, String database) {
        return Pattern.compile("^postgres:(?: \\S+:)? \\S+ " + Pattern.quote(database) + " ")
                .matcher(title)
                .find();
    }
}
