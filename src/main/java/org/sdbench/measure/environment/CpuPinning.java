package org.sdbench.measure.environment;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.sdbench.config.CpuSplitMode;
import org.sdbench.config.DbKind;
import org.sdbench.database.Database;

/**
 * {@code run.cpuSplit}: the database's processes on one half of this process's CPUs, this JVM (and
 * the processes it starts afterwards, which inherit its CPUs) on the other, for one run. Closing
 * puts back the CPUs every pinned process had; a shutdown hook does the same when the JVM ends
 * before that. It says in one line what it pinned, or why the split is not possible (then it changes nothing).
 */
public final class CpuPinning implements AutoCloseable {
    /** This JVM's CPU count before a split narrowed it: CPU percentages stay "of the host's CPUs". */
    private static volatile int cpusBeforeSplit;

    private final Environment.CpuSplit record;
    private final Path taskset;
    private final Long postmaster;
    private final Map<Long, TreeSet<Integer>> previous;
    private final Consumer<String> log;
    private final Thread hook;
    private boolean restored;

    /** Why the split cannot be applied, in words for the log line and environment.json. */
    public static final class NotPossible extends Exception {
        public NotPossible(String reason) {
            super(reason);
        }
    }

    /** Finds the PostgreSQL postmaster whose processes are to be pinned. */
    @FunctionalInterface
    public interface PostmasterLookup {
        long find() throws NotPossible;
    }

    private CpuPinning(
            Environment.CpuSplit record,
            Path taskset,
            Long postmaster,
            Map<Long, TreeSet<Integer>> previous,
            Consumer<String> log) {
        this.record = record;
        this.taskset = taskset;
        this.postmaster = postmaster;
        this.previous = previous;
        this.log = log;
        this.hook = record.applied() ? new Thread(this::restore, "cpu-split-restore") : null;
        if (hook != null) {
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }

    /** The logical CPUs this JVM had before any split: what CPU percentages are taken of. */
    public static int logicalCpus() {
        int before = cpusBeforeSplit;
        return before > 0 ? before : Runtime.getRuntime().availableProcessors();
    }

    /** Applies {@code mode} to a run against {@code db}: its postmaster found through a backend's parent. */
    public static CpuPinning forRun(CpuSplitMode mode, Database db, Consumer<String> log) {
        return apply(mode, () -> postmasterOf(db), log);
    }

    /** Applies {@code mode}, pinning the process {@code lookup} finds and its descendants to the database's half. */
    public static CpuPinning apply(CpuSplitMode mode, PostmasterLookup lookup, Consumer<String> log) {
        String name = mode.yamlName();
        if (mode == CpuSplitMode.NONE) {
            return notApplied(name, null, "not asked for (run.cpuSplit = none)", log);
        }
        String os = System.getProperty("os.name", "");
        if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) {
            return notApplied(name, null, "not Linux (" + os + "): the split uses Linux's CPU affinity", log);
        }
        long self = ProcessHandle.current().pid();
        TreeSet<Integer> own = Affinity.allowed(self);
        if (own == null || own.size() < 2) {
            return notApplied(
                    name,
                    null,
                    "this process may use " + (own == null ? "unknown" : own.size())
                            + " CPU(s); a split needs at least 2",
                    log);
        }
        Path taskset = Affinity.taskset();
        if (taskset == null) {
            return notApplied(name, null, "taskset is not on PATH (package util-linux)", log);
        }
        long pm;
        try {
            pm = lookup.find();
        } catch (NotPossible e) {
            return notApplied(name, null, e.getMessage(), log);
        }
        if (Affinity.allowed(pm) == null) {
            return notApplied(name, pm, "the postmaster (pid " + pm + ") is gone or its CPUs are not readable", log);
        }
        TreeSet<Integer> dbCpus =
                new TreeSet<>(own.stream().limit(own.size() / 2).toList());
        TreeSet<Integer> simCpus = new TreeSet<>(own);
        simCpus.removeAll(dbCpus);
        Map<Long, TreeSet<Integer>> previous = new LinkedHashMap<>();
        List<Long> pids = new ArrayList<>(List.of(pm));
        pids.addAll(Affinity.descendants(pm));
        int pinned = 0;
        try {
            for (long pid : pids) {
                TreeSet<Integer> before = Affinity.allowed(pid);
                if (before == null) {
                    continue;
                }
                try {
                    Affinity.set(taskset, pid, dbCpus);
                    previous.put(pid, before);
                    pinned++;
                } catch (IOException e) {
                    if (pid == pm) {
                        throw new IOException("the postmaster (pid " + pm + "): " + e.getMessage());
                    }
                    // A backend that ended between the listing and taskset: nothing to pin.
                }
            }
            previous.put(self, own);
            Affinity.set(taskset, self, simCpus);
        } catch (IOException e) {
            putBack(taskset, previous, log);
            return notApplied(name, pm, "taskset failed for " + e.getMessage(), log);
        }
        cpusBeforeSplit = own.size();
        log.accept(String.format(
                "run.cpuSplit = %s: the database (postmaster pid %d and %d more processes) on CPU %s, "
                        + "the simulator on CPU %s",
                name, pm, pinned - 1, Affinity.format(dbCpus), Affinity.format(simCpus)));
        return new CpuPinning(
                new Environment.CpuSplit(
                        name, true, Affinity.format(dbCpus), Affinity.format(simCpus), pm, pinned, null),
                taskset,
                pm,
                previous,
                log);
    }

    private static CpuPinning notApplied(String mode, Long postmaster, String reason, Consumer<String> log) {
        if (!"none".equals(mode)) {
            log.accept("run.cpuSplit = " + mode + " not applied: " + reason + "; the run goes on without the split");
        }
        return new CpuPinning(
                new Environment.CpuSplit(mode, false, null, null, postmaster, 0, reason), null, null, Map.of(), log);
    }

    /** What was applied, or why not, for environment.json. */
    public Environment.CpuSplit record() {
        return record;
    }

    /** Puts back the CPUs every pinned process had; backends started during the run get the postmaster's. */
    @Override
    public void close() {
        restore();
        if (hook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // The JVM is shutting down and runs the hook itself, which finds the work done.
            }
        }
    }

    private synchronized void restore() {
        if (!record.applied() || restored) {
            return;
        }
        restored = true;
        Map<Long, TreeSet<Integer>> back = new LinkedHashMap<>(previous);
        for (long pid : Affinity.descendants(postmaster)) {
            back.putIfAbsent(pid, previous.get(postmaster));
        }
        putBack(taskset, back, log);
        cpusBeforeSplit = 0;
    }

    private static void putBack(Path taskset, Map<Long, TreeSet<Integer>> previous, Consumer<String> log) {
        List<String> failed = new ArrayList<>();
        previous.forEach((pid, cpus) -> {
            try {
                if (Affinity.allowed(pid) != null) {
                    Affinity.set(taskset, pid, cpus);
                }
            } catch (IOException e) {
                if (Affinity.allowed(pid) != null) {
                    failed.add("pid " + pid + ": " + e.getMessage());
                }
            }
        });
        if (!failed.isEmpty()) {
            log.accept("run.cpuSplit: could not put back the CPUs of " + String.join("; ", failed));
        }
    }

    /**
     * The postmaster of a local PostgreSQL: the parent of this connection's backend. The backend's
     * PID is only meaningful here when the server shares this host's process table, so both
     * processes must show as postgres in /proc.
     */
    static long postmasterOf(Database db) throws NotPossible {
        DbKind kind = db.config().kind();
        if (kind == DbKind.DB2) {
            throw new NotPossible("the database is DB2; the split pins a local PostgreSQL");
        }
        if (!db.isEmbedded() && !EnvironmentProbe.isLocal(db.config())) {
            throw new NotPossible("the database is on another host (" + db.describe() + ")");
        }
        // The backend's /proc entries are read while its connection is open: once closed, the backend
        // exits, and a read that came after it found no process and took the server for a remote one.
        long backend;
        Long parent;
        String backendName;
        try (Connection c = db.connect();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            backend = rs.getLong(1);
            backendName = Affinity.name(backend);
            parent = Affinity.parent(backend);
        } catch (SQLException e) {
            throw new NotPossible("pg_backend_pid() failed: " + e.getMessage());
        }
        if (!"postgres".equals(backendName) || parent == null || !"postgres".equals(Affinity.name(parent))) {
            throw new NotPossible("the server's backend (pid " + backend + ") is not a postgres process on this host "
                    + "(a server in another container or PID namespace)");
        }
        return parent;
    }
}
