package org.sdbench.study.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sdbench.core.EnvironmentException;

/**
 * Runs replay scripts through the system's pgbench, one process with one client per script, all
 * released at once by an advisory lock once every one has parsed its script and connected. The
 * replay's time runs from that release until the last pgbench exited. CPU over the same span: the
 * database's backends (read from /proc every 50 ms while they live, so a backend loses at most
 * its last 50 ms), every postgres process, and pgbench itself after its parsing (reaped
 * children's CPU less what each pgbench had used when released).
 */
final class Pgbench {
    private static final Pattern PROCESSED =
            Pattern.compile("number of transactions actually processed: (\\d+)/(\\d+)");
    private static final Pattern FAILED = Pattern.compile("number of failed transactions: (\\d+)");
    private static final long POLL_MILLIS = 50;
    private static final String WAITING = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
            + "AND classid = ? AND objid = 0 AND objsubid = 2 "
            + "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())";

    /**
     * @param clients recorded connections replayed (one pgbench client busy for each at a time)
     * @param processes pgbench processes (the parts of all connections)
     * @param seconds from the release until the last pgbench exited
     * @param dbBackendNanos CPU of the benchmark database's backends over that span
     * @param postgresNanos CPU of every postgres process (other databases and background workers too)
     * @param clientNanos CPU of the pgbench processes after their release
     * @param busyNanos busy CPU of the whole host over the span
     */
    record Result(
            List<String> command,
            int clients,
            int processes,
            int finished,
            String failure,
            double seconds,
            long dbBackendNanos,
            long postgresNanos,
            long clientNanos,
            long busyNanos) {
        boolean complete() {
            return finished == processes && failure == null;
        }
    }

    private Pgbench() {}

    /**
     * @param gate a connection to the database (autocommit) that holds the start gate
     * @param gateKey the first key of the scripts' advisory locks ({@link PgbenchScript})
     */
    static Result run(PgbenchTarget t, List<PgbenchScript.Chain> chains, Connection gate, int gateKey, Duration timeout)
            throws InterruptedException, SQLException {
        List<Path> scripts = chains.stream().flatMap(c -> c.scripts().stream()).toList();
        long deadline = System.nanoTime() + timeout.toNanos();
        int free = freeConnections(gate);
        if (scripts.size() > free) {
            throw new EnvironmentException("the replay needs " + scripts.size()
                    + " connections at once (one per part of a "
                    + "recorded connection, all connected before the start) and the server has " + free + " free "
                    + "(max_connections): shorten --record-window or raise max_connections");
        }
        long holds = chains.stream().mapToLong(PgbenchScript.Chain::holds).sum();
        long room = lockRoom(gate);
        if (holds > room) {
            throw new EnvironmentException("the replay's order holds " + holds + " advisory locks from its start "
                    + "(about two per saved request) and the server's lock table has room for " + room
                    + " (max_locks_per_transaction per server process): shorten --record-window or raise "
                    + "max_locks_per_transaction");
        }
        int gatePid;
        try (Statement s = gate.createStatement();
                ResultSet rs = s.executeQuery("SELECT pg_backend_pid(), pg_advisory_lock(" + gateKey + ", 0)")) {
            rs.next();
            gatePid = rs.getInt(1);
        }
        List<Process> processes = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        List<String> first = null;
        try {
            for (Path script : scripts) {
                List<String> cmd = List.of(
                        "pgbench",
                        "-n",
                        "-M",
                        "simple",
                        "-c",
                        "1",
                        "-j",
                        "1",
                        "-t",
                        "1",
                        "-f",
                        script.toString(),
                        "-h",
                        t.host(),
                        "-p",
                        Integer.toString(t.port()),
                        "-U",
                        t.user(),
                        t.database());
                first = first == null ? cmd : first;
                Path log = Path.of(script.toString().replaceFirst("\\.sql$", ".log"));
                logs.add(log);
                ProcessBuilder pb =
                        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
                pb.environment().put("PGOPTIONS", "-c search_path=" + t.schema());
                if (t.password() != null && !t.password().isEmpty()) {
                    pb.environment().put("PGPASSWORD", t.password());
                }
                try {
                    processes.add(pb.start());
                } catch (IOException e) {
                    throw new EnvironmentException("cannot start pgbench (" + e.getMessage()
                            + "): install PostgreSQL's " + "client tools (pgbench on the PATH)");
                }
            }
            awaitAllWaiting(gate, gateKey, processes, logs, deadline);
            Map<Long, Long> clientAtStart = new HashMap<>();
            for (Process p : processes) {
                clientAtStart.put(
                        p.pid(),
                        ProcStat.read(Path.of("/proc/" + p.pid() + "/stat"))
                                .map(ProcStat::ticks)
                                .orElse(0L));
            }
            Map<Long, ProcStat> before = Processes.postgres();
            long children = childTicks();
            MachineCpu m0 = MachineCpu.read();
            long t0 = System.nanoTime();
            try (Statement s = gate.createStatement()) {
                s.execute("SELECT pg_advisory_unlock(" + gateKey + ", 0)");
            }
            Map<Long, ProcStat> last = new HashMap<>(before);
            Set<Long> backends = new HashSet<>();
            before.keySet().stream()
                    .filter(pid -> pid != gatePid && Processes.servesDatabase(pid, t.database()))
                    .forEach(backends::add);
            while (processes.stream().anyMatch(Process::isAlive)) {
                if (System.nanoTime() > deadline) {
                    throw new EnvironmentException("pgbench replay did not finish within " + timeout.toSeconds()
                            + " s (--pgbench-timeout); see " + logs.get(0).getParent());
                }
                poll(last, backends, t.database(), gatePid);
                processes.get(0).waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS);
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            MachineCpu m1 = MachineCpu.read();
            long client = childTicks()
                    - children
                    - clientAtStart.values().stream().mapToLong(Long::longValue).sum();
            long db = 0;
            long pg = 0;
            for (var e : last.entrySet()) {
                ProcStat then = before.get(e.getKey());
                long d = then == null || !then.name().equals(e.getValue().name())
                        ? e.getValue().ticks()
                        : Math.max(0, e.getValue().ticks() - then.ticks());
                pg += d;
                if (backends.contains(e.getKey())) {
                    db += d;
                }
            }
            int finished = 0;
            String failure = null;
            for (int k = 0; k < logs.size(); k++) {
                String out = read(logs.get(k));
                Matcher processed = PROCESSED.matcher(out);
                Matcher failed = FAILED.matcher(out);
                boolean ok = processes.get(k).exitValue() == 0
                        && processed.find()
                        && processed.group(1).equals("1")
                        && (!failed.find() || failed.group(1).equals("0"));
                if (ok) {
                    finished++;
                } else if (failure == null) {
                    failure = logs.get(k) + ": " + String.join(" | ", lastLines(out, 4));
                }
            }
            return new Result(
                    first,
                    chains.size(),
                    scripts.size(),
                    finished,
                    failure,
                    seconds,
                    ProcStat.ticksToNanos(db),
                    ProcStat.ticksToNanos(pg),
                    ProcStat.ticksToNanos(Math.max(0, client)),
                    ProcStat.ticksToNanos(m1.busyTicks() - m0.busyTicks()));
        } finally {
            processes.forEach(p -> {
                if (p.isAlive()) {
                    p.destroyForcibly();
                }
            });
        }
    }

    /** Connections the server still accepts from this user (superusers may take the reserved ones too). */
    static int freeConnections(Connection c) throws SQLException {
        return (int) number(
                c,
                "SELECT current_setting('max_connections')::int "
                        + "- (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')::int "
                        + "- CASE WHEN (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN 0 "
                        + "ELSE current_setting('superuser_reserved_connections')::int END");
    }

    /**
     * The locks the server's shared lock table is sized for: {@code max_locks_per_transaction} for each
     * server process it can have (connections, autovacuum and its launcher, background workers, WAL
     * senders) and each prepared transaction.
     */
    static long lockRoom(Connection c) throws SQLException {
        return number(
                c,
                "SELECT current_setting('max_locks_per_transaction')::bigint * ("
                        + "current_setting('max_connections')::int + current_setting('autovacuum_max_workers')::int "
                        + "+ 1 + current_setting('max_worker_processes')::int + current_setting('max_wal_senders')::int "
                        + "+ current_setting('max_prepared_transactions')::int)");
    }

    /** The number a one-row, one-column query returns. */
    private static long number(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Until every pgbench waits at the gate; one that ended before it did failed (bad script, no connection). */
    private static void awaitAllWaiting(
            Connection gate, int key, List<Process> processes, List<Path> logs, long deadline)
            throws SQLException, InterruptedException {
        try (PreparedStatement ps = gate.prepareStatement(WAITING)) {
            ps.setInt(1, key);
            while (true) {
                for (int k = 0; k < processes.size(); k++) {
                    if (!processes.get(k).isAlive()) {
                        throw new EnvironmentException("pgbench ended before the replay started: "
                                + String.join(" | ", lastLines(read(logs.get(k)), 4)));
                    }
                }
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getInt(1) >= processes.size()) {
                        return;
                    }
                }
                if (System.nanoTime() > deadline) {
                    throw new EnvironmentException("pgbench did not parse its scripts and connect within the replay's "
                            + "bound (--pgbench-timeout)");
                }
                Thread.sleep(100);
            }
        }
    }

    /** Latest CPU of every postgres process; backends of {@code db} that appeared meanwhile are marked. */
    private static void poll(Map<Long, ProcStat> last, Set<Long> backends, String db, long gatePid) {
        for (var e : Processes.postgres().entrySet()) {
            long pid = e.getKey();
            if (pid != gatePid && !last.containsKey(pid) && Processes.servesDatabase(pid, db)) {
                backends.add(pid);
            }
            last.put(pid, e.getValue());
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** CPU of this JVM's terminated, reaped children (cutime + cstime of /proc/self/stat), in ticks. */
    private static long childTicks() {
        try {
            String line = Files.readString(Path.of("/proc/self/stat"));
            String[] f = line.substring(line.lastIndexOf(')') + 2).trim().split("\\s+");
            // f[0] is field 3; cutime and cstime are fields 16 and 17.
            return Long.parseLong(f[13]) + Long.parseLong(f[14]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    static List<String> lastLines(String out, int n) {
        List<String> lines = new ArrayList<>(out.lines().toList());
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }

    static String hostOf(List<String> command) {
        int h = command.indexOf("-h");
        return h < 0 ? "?" : command.get(h + 1);
    }

    static String describe(List<String> command) {
        return String.format(Locale.ROOT, "PGOPTIONS='-c search_path=...' %s", String.join(" ", command));
    }
}
