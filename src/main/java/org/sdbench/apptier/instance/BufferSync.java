package org.sdbench.apptier.instance;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import org.sdbench.core.Clock;
import org.sdbench.database.DbSession;

/**
 * Keeps an instance's table buffer in step with changes made anywhere, as SAP's buffer
 * synchronisation does: whoever changes a buffered table writes a row to DDLOG in the same
 * transaction ({@link #logChange}); every instance reads the rows newer than the last one it saw
 * every {@code appServer.tableBufferSync} and drops the changed tables from its buffer. Until
 * then it may serve the old entry, as SAP does within rdisp/bufreftime.
 *
 * <p>Cheap: one indexed range read per interval and instance, made by whichever work process
 * notices first that it is due; the others do not wait for it.
 */
public final class BufferSync {
    private final TableBuffer buffer;
    private final Clock clock;
    private final long intervalNanos;
    private final ReentrantLock polling = new ReentrantLock();
    private final LongAdder polls = new LongAdder();
    private final LongAdder changesApplied = new LongAdder();
    private volatile long nextPollNanos = Long.MIN_VALUE;
    /** Highest DDLOG sequence number applied; -1 until the first poll. Guarded by {@code polling}. */
    private long lastSeq = -1;

    public BufferSync(TableBuffer buffer, Clock clock, Duration interval) {
        this.buffer = buffer;
        this.clock = clock;
        this.intervalNanos = interval.toNanos();
    }

    /** Reads DDLOG when the interval has passed; a work process that finds another polling goes on. */
    public void pollIfDue(DbSession db) throws SQLException {
        if (clock.nanoTime() < nextPollNanos || !polling.tryLock()) {
            return;
        }
        try {
            if (clock.nanoTime() >= nextPollNanos) {
                poll(db);
            }
        } finally {
            polling.unlock();
        }
    }

    private void poll(DbSession db) throws SQLException {
        if (lastSeq < 0) {
            // A fresh buffer holds nothing older than now: start after the newest entry.
            Long max = db.queryOne("SELECT MAX(seq) FROM ddlog", rs -> rs.getLong(1));
            lastSeq = max == null ? 0 : max;
        } else {
            List<Object[]> rows = db.query(
                    "SELECT seq, tabname FROM ddlog WHERE seq > ? ORDER BY seq",
                    rs -> new Object[] {rs.getLong(1), rs.getString(2)},
                    lastSeq);
            for (Object[] r : rows) {
                buffer.invalidate((String) r[1]);
                lastSeq = (Long) r[0];
                changesApplied.increment();
            }
        }
        polls.increment();
        nextPollNanos = clock.nanoTime() + intervalNanos;
    }

    /**
     * Records that buffered table {@code table} changed, in the caller's transaction, so every
     * instance drops it from its buffer at its next poll.
     */
    public static void logChange(Connection c, String table) throws SQLException {
        try (PreparedStatement ps =
                c.prepareStatement("INSERT INTO ddlog (tabname, changed_at) VALUES (?, CURRENT_TIMESTAMP)")) {
            ps.setString(1, table.toUpperCase(Locale.ROOT));
            ps.executeUpdate();
        }
    }

    public long polls() {
        return polls.sum();
    }

    /** DDLOG entries this instance applied (each dropped one table from its buffer). */
    public long changesApplied() {
        return changesApplied.sum();
    }
}
