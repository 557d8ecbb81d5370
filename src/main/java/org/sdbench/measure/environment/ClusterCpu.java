package org.sdbench.measure.environment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The CPU time of one PostgreSQL cluster: its postmaster's own utime and stime, the utime and stime of
 * every process it started that still runs, and its cutime and cstime, where the kernel moves the CPU
 * of a child once the postmaster has reaped it. A backend that exits during a window therefore moves
 * its CPU from one term to another and the sum never drops; processes of another cluster on the host
 * are never children of this postmaster and never count.
 */
public final class ClusterCpu {
    private static final Path PROC = Path.of("/proc");
    /** A scan is repeated while the postmaster reaps children during it, at most this often. */
    private static final int SCANS = 5;

    private final Path proc;
    private final long postmaster;
    private final long startTime;
    private final String database;

    ClusterCpu(Path proc, long postmaster, String database) {
        this.proc = proc;
        this.postmaster = postmaster;
        this.startTime = field(stat(proc, postmaster), STARTTIME);
        this.database = database;
    }

    /** Where the cluster's CPU comes from, or why it is not sampled. */
    public sealed interface Located permits Found, Absent {}

    /** @param how how the postmaster was found */
    public record Found(ClusterCpu cpu, String how) implements Located {}

    public record Absent(String reason) implements Located {}

    /**
     * One reading in USER_HZ ticks; -1 when the postmaster is gone or is another process now.
     *
     * @param backendTicks utime + stime of the running backends of the benchmark's database; -1 when
     *     no database was named
     */
    public record Sample(long clusterTicks, long backendTicks) {}

    public long postmasterPid() {
        return postmaster;
    }

    /**
     * Finds the postmaster of the server {@code c} is connected to: from the data directory's
     * postmaster.pid when it is known (the embedded server), else as the parent of this connection's
     * backend, else from the postmaster.pid of the server's data_directory when that is readable.
     *
     * @param local whether the server runs on this host; a remote one is never sampled
     * @param dataDirectory the server's data directory when sdbench started it, else null
     * @param database the benchmark's database, whose backends are also summed apart; null: not
     */
    public static Located locate(Connection c, boolean local, Path dataDirectory, String database) {
        return locate(PROC, c, local, dataDirectory, database);
    }

    static Located locate(Path proc, Connection c, boolean local, Path dataDirectory, String database) {
        if (!local) {
            return new Absent("the database is on another host: its CPU is not sampled");
        }
        if (c == null) {
            return new Absent("no connection to the database: its server's processes are unknown");
        }
        if (dataDirectory != null) {
            Long pid = fromPidFile(proc, dataDirectory);
            if (pid != null) {
                return new Found(new ClusterCpu(proc, pid, database), "postmaster.pid of " + dataDirectory);
            }
        }
        List<String> tried = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            long backend = one(s, "SELECT pg_backend_pid()");
            long parent = field(stat(proc, backend), PPID);
            if (isPostgres(proc, backend) && isPostgres(proc, parent)) {
                return new Found(
                        new ClusterCpu(proc, parent, database), "parent of this connection's backend " + backend);
            }
            tried.add("backend pid " + backend + " is not a postgres process here (another PID namespace or host)");
            try (ResultSet rs = s.executeQuery("SELECT current_setting('data_directory', true)")) {
                String dir = rs.next() ? rs.getString(1) : null;
                Long pid = dir == null ? null : fromPidFile(proc, Path.of(dir));
                if (pid != null) {
                    return new Found(new ClusterCpu(proc, pid, database), "postmaster.pid of " + dir);
                }
                tried.add(
                        dir == null
                                ? "data_directory is not readable for this user"
                                : "no live postmaster from " + Path.of(dir).resolve("postmaster.pid"));
            }
        } catch (SQLException e) {
            tried.add(e.getMessage().lines().findFirst().orElse("query failed"));
        }
        return new Absent("the server's postmaster was not found on this host (" + String.join("; ", tried) + ")");
    }

    /** The postmaster of a data directory: line 1 of postmaster.pid, when that process runs postgres here. */
    static Long fromPidFile(Path proc, Path dataDirectory) {
        List<String> lines = HostProbe.lines(dataDirectory.resolve("postmaster.pid"));
        if (lines.isEmpty() || !lines.get(0).strip().matches("[0-9]+")) {
            return null;
        }
        long pid = Long.parseLong(lines.get(0).strip());
        return isPostgres(proc, pid) ? pid : null;
    }

    /** Whether {@code pid} is a PostgreSQL process on this host (its command name). */
    public static boolean isPostgres(long pid) {
        return isPostgres(PROC, pid);
    }

    /**
     * The nanoseconds a process has run on a CPU (first field of /proc/PID/schedstat): precise
     * where utime and stime count whole ticks of 10 ms; -1 when not readable.
     */
    public static long runNanos(long pid) {
        String s = HostProbe.read(PROC.resolve(Long.toString(pid)).resolve("schedstat"));
        return s == null || !s.matches("[0-9]+ .*") ? -1 : Long.parseLong(s.substring(0, s.indexOf(' ')));
    }

    private static boolean isPostgres(Path proc, long pid) {
        String comm = HostProbe.read(proc.resolve(Long.toString(pid)).resolve("comm"));
        return comm != null && (comm.equals("postgres") || comm.equals("postmaster"));
    }

    private static long one(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * Children are read between two readings of the postmaster's own times: when its cutime or
     * cstime moved, it reaped a child during the scan, which may then count twice or not at all, so
     * the scan is taken again.
     */
    public Sample sample() {
        for (int attempt = 1; ; attempt++) {
            String before = stat(proc, postmaster);
            if (before == null || field(before, STARTTIME) != startTime) {
                return new Sample(-1, -1);
            }
            long children = 0;
            long backends = database == null ? -1 : 0;
            try (Stream<Path> all = Files.list(proc)) {
                for (Path p : (Iterable<Path>)
                        all.filter(x -> x.getFileName().toString().matches("[0-9]+"))::iterator) {
                    String st = HostProbe.read(p.resolve("stat"));
                    if (st != null && field(st, PPID) == postmaster) {
                        children += ticks(st, UTIME) + ticks(st, CUTIME);
                        if (database != null && CpuSampler.serves(p, database)) {
                            backends += ticks(st, UTIME);
                        }
                    }
                }
            } catch (IOException e) {
                return new Sample(-1, -1);
            }
            String after = stat(proc, postmaster);
            if (after == null || field(after, STARTTIME) != startTime) {
                return new Sample(-1, -1);
            }
            if (ticks(before, CUTIME) == ticks(after, CUTIME) || attempt == SCANS) {
                return new Sample(ticks(after, UTIME) + ticks(after, CUTIME) + children, backends);
            }
        }
    }

    // Indices into the fields after the parenthesised command name of /proc/PID/stat (state is 0).
    private static final int PPID = 1;
    private static final int UTIME = 11;
    private static final int CUTIME = 13;
    private static final int STARTTIME = 19;

    private static String stat(Path proc, long pid) {
        return HostProbe.read(proc.resolve(Long.toString(pid)).resolve("stat"));
    }

    /** The field at {@code index} after the command name, or -1 when the line is missing or short. */
    static long field(String stat, int index) {
        if (stat == null || stat.lastIndexOf(')') < 0) {
            return -1;
        }
        String[] f = stat.substring(stat.lastIndexOf(')') + 1).strip().split("\\s+");
        return f.length > index ? Long.parseLong(f[index]) : -1;
    }

    /** The field at {@code index} plus the next: utime + stime, or cutime + cstime. */
    private static long ticks(String stat, int index) {
        return Math.max(0, field(stat, index)) + Math.max(0, field(stat, index + 1));
    }
}
