package org.sdbench.apptier.instance.update;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.sdbench.apptier.instance.workprocess.DbOutageException;
import org.sdbench.apptier.instance.workprocess.SessionSource;
import org.sdbench.core.Clock;
import org.sdbench.database.DbSession;

/**
 * Finds the update requests in VBHDR that no in-memory path queued: a save whose commit
 * acknowledgement was lost, a request whose processing was cut off, or one a previous or a dead
 * process left. VBHDR is the record of what must be done, so what this finds is queued unless
 * this process already knows it or a dialog transaction still holds it.
 */
final class UpdateSweep {
    /** Requests younger than this are left to the normal path: their commit may be acknowledging right now. */
    private static final long MIN_AGE_MS = 5_000;

    private final int instance;
    private final Clock clock;
    private final UpdateQueue queue;
    private final SessionSource sessions;
    private final BooleanSupplier stopping;
    /** Ends the periodic sweep's wait; an interrupt would close the connection of a sweep in flight. */
    private final CountDownLatch stop = new CountDownLatch(1);

    private final Thread periodic;

    UpdateSweep(
            int instance,
            Clock clock,
            UpdateQueue queue,
            SessionSource sessions,
            Duration every,
            BooleanSupplier stopping) {
        this.instance = instance;
        this.clock = clock;
        this.queue = queue;
        this.sessions = sessions;
        this.stopping = stopping;
        this.periodic = every.isZero()
                ? null
                : Thread.ofPlatform().daemon().name("upd-sweep-" + instance).unstarted(() -> sweepPeriodically(every));
    }

    void start() {
        if (periodic != null) {
            periodic.start();
        }
    }

    /** Tells the periodic sweep to end; the caller joins {@link #thread()}. */
    void stop() {
        stop.countDown();
    }

    /** The periodic sweep's thread, or null when there is none. */
    Thread thread() {
        return periodic;
    }

    /**
     * Re-queues deferred requests whose back-off is over and queues pending requests older than
     * the minimum age that nobody here knows of.
     */
    UpdateTask.SweepPass now(DbSession db) throws SQLException {
        queue.requeueDue();
        List<String> keys = pending(db, instance, clock.wallMillis() - MIN_AGE_MS);
        return new UpdateTask.SweepPass(keys.size(), queue.offerAll(keys));
    }

    /** Queues every pending request of {@code ofInstance}, whatever its age; returns how many were new. */
    int all(DbSession db, int ofInstance) throws SQLException {
        return queue.offerAll(pending(db, ofInstance, Long.MAX_VALUE));
    }

    private List<String> pending(DbSession db, int ofInstance, long olderThanMillis) throws SQLException {
        List<String> keys = db.query(
                "SELECT vbkey FROM vbhdr WHERE vbstate = 'P' AND instance = ? AND vbdate < ? ORDER BY vbdate",
                rs -> rs.getString(1),
                ofInstance,
                new Timestamp(Math.min(olderThanMillis, 253_402_300_799_000L)));
        db.commit();
        return keys;
    }

    private void sweepPeriodically(Duration every) {
        DbSession db = null;
        try {
            db = sessions.open();
            while (!stop.await(every.toNanos(), TimeUnit.NANOSECONDS)) {
                try {
                    now(db);
                } catch (SQLException e) {
                    db.rollbackQuietly();
                    if (db.dialect().isConnectionLost(e) && !stopping.getAsBoolean()) {
                        db = sessions.replace(db);
                    }
                }
            }
        } catch (DbOutageException e) {
            // The session source logged the outage and told the instance, which ends the run: nothing to sweep.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (db != null) {
                db.close();
            }
        }
    }
}
