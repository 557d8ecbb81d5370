package org.sdbench.measure.dbstats;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.descriptive.Median;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.measure.environment.ClusterCpu;
import org.sdbench.measure.environment.DbSpeed;

/**
 * A fixed SQL computation run a few times across the window on a connection of its own: how fast
 * the database's CPU is while the run loads it. One probe sums {@link #ROWS} squares, some 25 ms of
 * one core on a current x86 server. Its CPU stays within {@link #BUDGET} of the window's wall time:
 * fewer probes on a short window, and none after one that took longer than its share.
 */
public final class SpeedProbe implements AutoCloseable {
    /** The fixed work of one probe. */
    static final long ROWS = 500_000;
    /**
     * The speed normalised CPU figures are stated at: about one core of a 2020s x86 server. A fixed
     * number, so that normalised figures of two hosts or two runs compare.
     */
    public static final double REFERENCE_ROWS_PER_CPU_SECOND = 2.0e7;
    /** The probes' CPU as a share of the window's wall time, at most. */
    static final double BUDGET = 0.005;
    /** Most probes in one window. */
    static final int MAX_PROBES = 20;
    /** CPU one probe is expected to take, to plan how many fit the budget. */
    private static final Duration EXPECTED = Duration.ofMillis(25);
    /** Longest a probe may run; a slower host gets fewer figures, not a longer wait. */
    static final Duration STATEMENT_BOUND = Duration.ofSeconds(2);
    /** The alias names the statement, so that the workload's statement figures leave it out. */
    public static final String NAME = "sdbench_speed_probe";

    static final String SQL =
            "SELECT sum(i::bigint * i) AS " + NAME + " FROM (SELECT generate_series(1, " + ROWS + ") AS i) s";

    private final Clock clock;
    private final Connection connection;
    /** The probe's backend, when its CPU is readable here; else -1. */
    private final long backend;

    private final double budgetMs;
    private final List<String> notes = new ArrayList<>();
    private final List<Double> cpuSpeeds = new ArrayList<>();
    private final List<Double> wallSpeeds = new ArrayList<>();
    private double cpuMs;
    private double wallMs;
    private boolean stopped;

    private SpeedProbe(Clock clock, Connection connection, long backend, Duration window) {
        this.clock = clock;
        this.connection = connection;
        this.backend = backend;
        this.budgetMs = window.toMillis() * BUDGET;
    }

    /**
     * How many probes a window gets: as many as fit the budget at the expected CPU per probe, at
     * least one and at most {@link #MAX_PROBES}.
     */
    public static int probes(Duration window) {
        long fit = (long) (window.toMillis() * BUDGET / EXPECTED.toMillis());
        return (int) Math.max(1, Math.min(MAX_PROBES, fit));
    }

    /**
     * A probe on a new connection of its own.
     *
     * @param cpuReadable whether the server's processes are on this host, so that the backend's
     *     CPU can be read from /proc
     * @throws SQLException when no connection could be had
     */
    public static SpeedProbe open(Database db, Clock clock, Duration window, boolean cpuReadable) throws SQLException {
        Connection c = db.connect();
        try {
            c.setAutoCommit(true);
            int bound = (int) STATEMENT_BOUND.toMillis();
            c.setNetworkTimeout(Runnable::run, bound + 5_000);
            long backend = -1;
            try (Statement s = c.createStatement()) {
                s.execute("SET statement_timeout = " + bound);
                try (ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                    rs.next();
                    long pid = rs.getLong(1);
                    if (cpuReadable && ClusterCpu.isPostgres(pid)) {
                        backend = pid;
                    }
                }
            }
            if (backend >= 0 && ClusterCpu.runNanos(backend) < 0) {
                backend = -1;
            }
            SpeedProbe p = new SpeedProbe(clock, c, backend, window);
            if (backend < 0) {
                p.notes.add("speed per CPU second not measured: the server's backend and its "
                        + "/proc/PID/schedstat are not readable on this host");
            }
            return p;
        } catch (SQLException e) {
            c.close();
            throw e;
        }
    }

    /** Runs the computation once; a failure or a probe over its share of the budget ends the probing. */
    public void probe() {
        if (stopped) {
            return;
        }
        long cpu0 = backend < 0 ? -1 : ClusterCpu.runNanos(backend);
        long t0 = clock.nanoTime();
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(SQL)) {
            rs.next();
        } catch (SQLException e) {
            stopped = true;
            notes.add("speed probe stopped: "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
            return;
        }
        double wall = (clock.nanoTime() - t0) / 1e6;
        long cpu1 = cpu0 < 0 ? -1 : ClusterCpu.runNanos(backend);
        wallMs += wall;
        wallSpeeds.add(ROWS / wall * 1e3);
        double used = wall;
        if (cpu1 > cpu0) {
            double ms = (cpu1 - cpu0) / 1e6;
            cpuMs += ms;
            cpuSpeeds.add(ROWS / ms * 1e3);
            used = ms;
        }
        // The next probe would cost about what this one did: none when that overruns the budget.
        double spent = cpuSpeeds.isEmpty() ? wallMs : cpuMs;
        if (spent + used > budgetMs) {
            stopped = true;
        }
    }

    /** What the probes found; null figures where none was measured. */
    public DbSpeed result() {
        Double perCpu = cpuSpeeds.isEmpty() ? null : median(cpuSpeeds);
        Double perWall = wallSpeeds.isEmpty() ? null : median(wallSpeeds);
        List<String> n = new ArrayList<>(notes);
        if (wallSpeeds.isEmpty() && n.isEmpty()) {
            n.add("no speed probe ran in the window");
        }
        return new DbSpeed(
                perCpu,
                perWall,
                REFERENCE_ROWS_PER_CPU_SECOND,
                wallSpeeds.size(),
                ROWS,
                cpuSpeeds.isEmpty() ? null : cpuMs,
                n.isEmpty() ? null : String.join("; ", n));
    }

    private static double median(List<Double> values) {
        return Median.withDefaults()
                .evaluate(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // The probe's own connection; nothing else depends on it.
        }
    }
}
