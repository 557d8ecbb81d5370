package org.sdbench.measure.dbstats;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.config.DbKind;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.measure.environment.ClusterCpu;
import org.sdbench.measure.environment.CpuSampler;
import org.sdbench.measure.environment.DbSpeed;
import org.sdbench.measure.environment.HostUsage;

/**
 * Takes DB and CPU snapshots exactly at the measurement window's start and end, from a thread of
 * its own, so that the DB-side figures cover the same span as the dialog-step figures without
 * the driver knowing about it, and runs the {@link SpeedProbe} at even spacing in between. DB
 * statistics are best effort: a failure becomes a note in the report, never a failed run.
 */
public final class WindowProbe implements AutoCloseable {
    /** Longest wait for one statistics snapshot. */
    static final Duration SNAPSHOT_BOUND = Duration.ofSeconds(10);

    private final Clock clock;
    private final long windowStart;
    private final long windowEnd;
    private final CpuSampler cpu;
    private final List<String> notes = new ArrayList<>();
    private final Connection connection;
    private final PgStats pg;
    private final SpeedProbe speed;
    private final int speedProbes;
    private final Thread thread;
    private volatile Sample start;
    private volatile Sample end;

    private record Sample(CpuSampler.Sample cpu, PgSnapshot pg) {}

    /** What the probe saw; either part is null when it could not be measured ({@code notes} say why). */
    public record Result(DbWindow db, HostUsage host, List<String> notes) {}

    public WindowProbe(Database db, Clock clock, long windowStart, long windowEnd, boolean dbLocal) {
        this.clock = clock;
        this.windowStart = windowStart;
        this.windowEnd = windowEnd;
        Connection c = null;
        PgStats stats = null;
        if (db.config().kind() == DbKind.DB2) {
            notes.add("DB-side statistics are collected for PostgreSQL only");
        } else {
            try {
                c = db.connect();
                // A stalled server must not hold the window's end sample (and the run) for the socket timeout.
                c.setNetworkTimeout(Runnable::run, (int) SNAPSHOT_BOUND.toMillis());
                stats = new PgStats(c);
            } catch (SQLException e) {
                notes.add("DB-side statistics unavailable: " + firstLine(e));
                close(c);
                c = null;
            }
        }
        this.connection = c;
        this.pg = stats;
        ClusterCpu.Located cluster = db.config().kind() == DbKind.DB2
                ? new ClusterCpu.Absent("the database is DB2: the CPU of PostgreSQL clusters only is sampled")
                : ClusterCpu.locate(c, dbLocal, db.embeddedDataDirectory(), c == null ? null : currentDatabase(c));
        this.cpu = new CpuSampler(cluster);
        Duration window = Duration.ofNanos(Math.max(0, windowEnd - windowStart));
        SpeedProbe probe = null;
        if (c != null) {
            try {
                probe = SpeedProbe.open(db, clock, window, cluster instanceof ClusterCpu.Found);
            } catch (SQLException e) {
                notes.add("DB speed probe unavailable: " + firstLine(e));
            }
        }
        this.speed = probe;
        this.speedProbes = SpeedProbe.probes(window);
        this.thread = Thread.ofPlatform().daemon().name("sdbench-window-probe").unstarted(this::sampleWindow);
    }

    private static String currentDatabase(Connection c) {
        try (var s = c.createStatement();
                var rs = s.executeQuery("SELECT current_database()")) {
            return rs.next() ? rs.getString(1) : null;
        } catch (SQLException e) {
            return null;
        }
    }

    public void start() {
        thread.start();
    }

    private void sampleWindow() {
        try {
            clock.sleepUntil(windowStart);
            start = sample();
            if (speed != null) {
                // Each probe in the middle of its share of the window, so that the last ends well before it.
                long slot = (windowEnd - windowStart) / speedProbes;
                for (int k = 0; k < speedProbes; k++) {
                    clock.sleepUntil(windowStart + k * slot + slot / 2);
                    speed.probe();
                }
            }
            clock.sleepUntil(windowEnd);
            end = sample();
        } catch (InterruptedException e) {
            // finish() interrupts only when the run stopped early; it takes the end sample itself.
            Thread.currentThread().interrupt();
        }
    }

    private Sample sample() {
        long now = clock.nanoTime();
        PgSnapshot snap = null;
        if (pg != null) {
            try {
                snap = pg.snapshot(now);
            } catch (SQLException e) {
                synchronized (notes) {
                    notes.add("DB statistics snapshot failed: " + firstLine(e));
                }
            }
        }
        return new Sample(cpu.sample(now), snap);
    }

    /**
     * Waits for the end-of-window sample, or takes it now when the run ended before the window did.
     *
     * @param clientMsPerRoundTrip the dialog steps' DB request time per round trip, to put next to
     *     the DB-side time; negative when unknown
     */
    public Result finish(double clientMsPerRoundTrip) throws InterruptedException {
        if (clock.nanoTime() < windowEnd) {
            thread.interrupt();
        }
        thread.join();
        List<String> n;
        synchronized (notes) {
            n = new ArrayList<>(notes);
        }
        if (start == null) {
            n.add("the measurement window never started: no DB or CPU figures for it");
            return new Result(null, null, n);
        }
        Sample last = end;
        if (last == null) {
            last = sample();
            n.add("the run stopped before the window's end: DB and CPU figures cover the window up to the stop");
        }
        DbWindow dbw = start.pg() != null && last.pg() != null
                ? DbWindows.delta(start.pg(), last.pg(), clientMsPerRoundTrip)
                : null;
        DbSpeed dbSpeed = speed == null ? null : speed.result();
        return new Result(dbw, cpu.usage(start.cpu(), last.cpu(), dbSpeed), n);
    }

    private static String firstLine(SQLException e) {
        return String.valueOf(e.getMessage()).lines().findFirst().orElse("");
    }

    private static void close(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // Only used for statistics; nothing else to release.
            }
        }
    }

    @Override
    public void close() {
        thread.interrupt();
        close(connection);
        if (speed != null) {
            speed.close();
        }
    }
}
