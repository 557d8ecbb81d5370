package org.sdbench.env;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Samples host, simulator and local DB-server CPU time; two samples give a {@link HostUsage}. */
public final class CpuSampler {
    /** Linux reports /proc times in USER_HZ, which is 100 on every mainstream architecture. */
    private static final double TICKS_PER_SECOND = 100.0;

    private final boolean dbLocal;
    private final String database;

    /** @param dbLocal whether the DB server runs on this host, so its processes can be sampled */
    public CpuSampler(boolean dbLocal) {
        this(dbLocal, null);
    }

    /**
     * @param database the benchmark's database, whose backends are sampled apart from the other
     *     postgres processes (other databases of a shared server); null: not sampled
     */
    public CpuSampler(boolean dbLocal, String database) {
        this.dbLocal = dbLocal;
        this.database = database;
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
        return new Sample(
                nanos,
                busy,
                total,
                process,
                dbLocal ? postgresTicks(null) : -1,
                dbLocal && database != null ? postgresTicks(database) : -1,
                steal);
    }

    public static HostUsage usage(Sample a, Sample b) {
        double seconds = (b.nanos() - a.nanos()) / 1e9;
        int cpus = CpuPinning.logicalCpus();
        double capacity = seconds * cpus;
        Double host = a.totalTicks() < 0 || b.totalTicks() <= a.totalTicks()
                ? null
                : 100.0 * (b.busyTicks() - a.busyTicks()) / (b.totalTicks() - a.totalTicks());
        double sim = a.processCpuNanos() < 0 || capacity <= 0
                ? 0
                : 100.0 * (b.processCpuNanos() - a.processCpuNanos()) / 1e9 / capacity;
        // A postgres process that ended in the window takes its ticks with it: when that shows as a
        // drop, the figure is unknown rather than negative.
        Double db = a.postgresTicks() < 0 || b.postgresTicks() < a.postgresTicks() || capacity <= 0
                ? null
                : 100.0 * (b.postgresTicks() - a.postgresTicks()) / TICKS_PER_SECOND / capacity;
        String note = a.postgresTicks() >= 0 && db == null
                ? "DB server CPU unknown: postgres processes ended during the window (their CPU left the sum)"
                : db == null
                        ? "database on another host (or not PostgreSQL): its CPU is not sampled"
                        : "DB server = all local postgres processes (every cluster on this host)";
        // The work processes hold their connections for the whole run, so the backends live through the window.
        Double backends =
                a.databaseBackendTicks() < 0 || b.databaseBackendTicks() < a.databaseBackendTicks() || capacity <= 0
                        ? null
                        : 100.0 * (b.databaseBackendTicks() - a.databaseBackendTicks()) / TICKS_PER_SECOND / capacity;
        Double steal = a.stealTicks() < 0 || b.stealTicks() < a.stealTicks() || b.totalTicks() <= a.totalTicks()
                ? null
                : 100.0 * (b.stealTicks() - a.stealTicks()) / (b.totalTicks() - a.totalTicks());
        return new HostUsage(seconds, cpus, host, sim, db, note, backends, steal);
    }

    /** CPU ticks of the local postgres processes: all of them, or the backends of one database. */
    private static long postgresTicks(String database) {
        long ticks = 0;
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : (Iterable<Path>)
                    procs.filter(x -> x.getFileName().toString().matches("[0-9]+"))::iterator) {
                if ("postgres".equals(HostProbe.read(p.resolve("comm"))) && (database == null || serves(p, database))) {
                    ticks += processTicks(HostProbe.read(p.resolve("stat")));
                }
            }
        } catch (IOException e) {
            return -1;
        }
        return ticks;
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

    /** utime + stime of a /proc/PID/stat line (fields 14 and 15, counted after the command name). */
    static long processTicks(String stat) {
        if (stat == null) {
            return 0;
        }
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return f.length > 12 ? Long.parseLong(f[11]) + Long.parseLong(f[12]) : 0;
    }
}
