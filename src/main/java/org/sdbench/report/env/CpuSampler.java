package org.sdbench.report.env;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Samples host, simulator and local DB-server CPU time; two samples give a {@link HostUsage}. */
public final class CpuSampler {
    /** Linux reports /proc times in USER_HZ, which is 100 on every mainstream architecture. */
    private static final double TICKS_PER_SECOND = 100.0;

    private final boolean dbLocal;

    /** @param dbLocal whether the DB server runs on this host, so its processes can be sampled */
    public CpuSampler(boolean dbLocal) {
        this.dbLocal = dbLocal;
    }

    /** One sample; fields are -1 where the host does not expose them. */
    public record Sample(long nanos, long busyTicks, long totalTicks, long processCpuNanos, long postgresTicks) {
    }

    public Sample sample(long nanos) {
        long busy = -1;
        long total = -1;
        List<String> stat = HostProbe.lines(Path.of("/proc/stat"));
        if (!stat.isEmpty() && stat.get(0).startsWith("cpu ")) {
            String[] f = stat.get(0).trim().split("\\s+");
            total = 0;
            // user nice system idle iowait irq softirq steal; guest time is already inside user.
            for (int i = 1; i < Math.min(f.length, 9); i++) {
                total += Long.parseLong(f[i]);
            }
            busy = total - Long.parseLong(f[4]) - (f.length > 5 ? Long.parseLong(f[5]) : 0);
        }
        long process = ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
        return new Sample(nanos, busy, total, process, dbLocal ? postgresTicks() : -1);
    }

    public static HostUsage usage(Sample a, Sample b) {
        double seconds = (b.nanos() - a.nanos()) / 1e9;
        int cpus = Runtime.getRuntime().availableProcessors();
        double capacity = seconds * cpus;
        Double host = a.totalTicks() < 0 || b.totalTicks() <= a.totalTicks() ? null
                : 100.0 * (b.busyTicks() - a.busyTicks()) / (b.totalTicks() - a.totalTicks());
        double sim = a.processCpuNanos() < 0 || capacity <= 0 ? 0 : 100.0 * (b.processCpuNanos() - a.processCpuNanos()) / 1e9 / capacity;
        Double db = a.postgresTicks() < 0 || capacity <= 0 ? null
                : 100.0 * (b.postgresTicks() - a.postgresTicks()) / TICKS_PER_SECOND / capacity;
        String note = db == null ? "database on another host (or not PostgreSQL): its CPU is not sampled"
                : "DB server = all local postgres processes (every cluster on this host)";
        return new HostUsage(seconds, cpus, host, sim, db, note);
    }

    private static long postgresTicks() {
        long ticks = 0;
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>) procs.filter(x -> x.getFileName().toString().matches("[0-9]+"))::iterator) {
                if ("postgres".equals(HostProbe.read(p.resolve("comm")))) {
                    ticks += processTicks(HostProbe.read(p.resolve("stat")));
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return ticks;
    }

    /** utime + stime of a /proc/PID/stat line (fields 14 and 15, counted after the command name). */
    static long processTicks(String stat) {
        if (stat == null) {
            return 0;
        }
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return f.length > 12 ? Long.parseLong(f[11]) + Long.parseLong(f[12]) : 0;
    }
}
