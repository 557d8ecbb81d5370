package org.sdbench.apptier.instance.update;

import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import org.sdbench.database.DbSession;

/**
 * The database side of fencing: the lease of each app-server instance number in
 * {@code sdbench_fence}. Every save that writes an update request checks, in its own transaction and
 * under a share lock on the lease row, that its epoch is still current (see {@link UpdateRequestWriter}).
 * Taking the lease (a process starting as that instance) or fencing it (another instance adopting
 * its requests) first ends the previous holder's DB sessions, which rolls back whatever they had
 * open and releases their row locks, then raises the epoch. A save that committed before that is
 * visible to the adopter's sweep; one that had not can no longer commit: a stopped process that
 * resumes (SIGCONT, a healed link) finds its sessions gone, and a session it opens afresh sees the
 * new epoch and writes nothing. So no update request is ever written behind an adopter's back.
 */
public final class InstanceFence {
    /** The epoch a holder's saves must still find. */
    public record Lease(int instance, long epoch) {}

    /** Concurrent holders changing the row under us this often means something else is wrong. */
    private static final int ATTEMPTS = 5;

    private InstanceFence() {}

    /** Takes instance {@code n}'s lease for the DB sessions named {@code holder} (this process's application name). */
    public static Lease take(DbSession db, int n, String holder, long nowMillis) throws SQLException {
        return new Lease(n, raise(db, n, holder, nowMillis));
    }

    /** Fences instance {@code n} (its process is declared dead): its sessions end and its saves are refused from now on. */
    public static long fence(DbSession db, int n, long nowMillis) throws SQLException {
        return raise(db, n, " ", nowMillis);
    }

    private record Row(long epoch, String holder) {}

    private static long raise(DbSession db, int n, String newHolder, long nowMillis) throws SQLException {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            List<Row> rows = db.query(
                    "SELECT epoch, holder FROM sdbench_fence WHERE instance = ?",
                    rs -> new Row(rs.getLong(1), rs.getString(2)),
                    n);
            db.commit();
            Timestamp now = new Timestamp(nowMillis);
            if (rows.isEmpty()) {
                if (insertFirst(db, n, newHolder, now)) {
                    return 1;
                }
                continue;
            }
            Row row = rows.get(0);
            String old = row.holder() == null ? "" : row.holder().strip();
            if (!old.isEmpty() && !old.equals(newHolder)) {
                endSessions(db, old);
            }
            // Waits (within the lock timeout) for saves of the old holder that still hold their share lock.
            int changed = db.update(
                    "UPDATE sdbench_fence SET epoch = ?, holder = ?, since = ? WHERE instance = ? AND epoch = ?",
                    row.epoch() + 1,
                    newHolder,
                    now,
                    n,
                    row.epoch());
            if (changed == 1) {
                db.marks().leaseRaised(n);
                db.commit();
                return row.epoch() + 1;
            }
            db.commit();
        }
        throw new SQLException(
                "the lease of app-server instance " + n + " (sdbench_fence) changed under us " + ATTEMPTS
                        + " times in a row: another process is taking it at the same time",
                "55000");
    }

    private static boolean insertFirst(DbSession db, int n, String holder, Timestamp now) throws SQLException {
        try {
            db.update("INSERT INTO sdbench_fence (instance, epoch, holder, since) VALUES (?, 1, ?, ?)", n, holder, now);
            db.marks().leaseRaised(n);
            db.commit();
            return true;
        } catch (SQLException e) {
            db.rollbackQuietly();
            if (e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                return false;
            }
            throw e;
        }
    }

    /** Ends the DB sessions of an earlier holder, where the DBMS lets a client do so (the epoch raise then waits for their locks). */
    private static void endSessions(DbSession db, String holder) throws SQLException {
        String sql = db.dialect().endSessionsSql();
        if (sql != null) {
            db.query(sql, rs -> rs.getLong(1), holder);
            db.commit();
        }
    }
}
