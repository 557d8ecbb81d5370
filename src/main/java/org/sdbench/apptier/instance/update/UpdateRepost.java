package org.sdbench.apptier.instance.update;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.sdbench.apptier.central.EnqueueServer;
import org.sdbench.apptier.instance.workprocess.SessionSource;
import org.sdbench.core.Clock;
import org.sdbench.database.DbSession;
import org.sdbench.database.Dialect;
import org.sdbench.protocol.UpdateListener;

/**
 * Puts failed update requests (VBHDR state E, SAP's SM13 "repeat update") back to pending and
 * processes them at once together with requests left pending by an instance that ended before
 * posting them (its central services gone, say), one update work process per instance number.
 * Meant for after the cause was fixed and while no run uses the schema; a request that fails again
 * is left in E.
 */
public final class UpdateRepost {
    /** How many failed requests were re-posted and pending ones found; what is left in VBHDR afterwards. */
    public record Result(int reposted, long foundPending, long stillPending, long failedAgain) {}

    private UpdateRepost() {}

    public static Result run(
            HikariDataSource pool, Dialect dialect, Map<String, UpdateModule> modules, Duration timeout)
            throws SQLException, InterruptedException {
        SessionSource sessions = new SessionSource(pool, dialect, Clock.SYSTEM, timeout);
        List<Integer> instances;
        int reposted;
        long foundPending;
        try (DbSession db = new DbSession(pool.getConnection(), dialect, Clock.SYSTEM)) {
            instances = db.query("SELECT DISTINCT instance FROM vbhdr WHERE vbstate IN ('E', 'P')", rs -> rs.getInt(1));
            foundPending = db.queryOne("SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'P'", rs -> rs.getLong(1));
            reposted = db.update("UPDATE vbhdr SET vbstate = 'P' WHERE vbstate = 'E'");
            db.commit();
        }
        for (int instance : instances) {
            UpdateTask task = new UpdateTask(
                    instance,
                    1,
                    sessions,
                    modules,
                    new EnqueueServer(Clock.SYSTEM),
                    UpdateListener.NONE,
                    Clock.SYSTEM,
                    3,
                    UpdateTaskOptions.driven(UpdateHooks.NONE, Duration.ZERO));
            try (DbSession db = new DbSession(pool.getConnection(), dialect, Clock.SYSTEM)) {
                // A process of that number still alive somewhere must not write requests behind our back.
                InstanceFence.fence(db, instance, Clock.SYSTEM.wallMillis());
                task.recoverPending(db);
            }
            task.start();
            task.drainAndStop(timeout);
        }
        try (DbSession db = new DbSession(pool.getConnection(), dialect, Clock.SYSTEM)) {
            long failedAgain = db.queryOne("SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'E'", rs -> rs.getLong(1));
            long pending = db.queryOne("SELECT COUNT(*) FROM vbhdr WHERE vbstate = 'P'", rs -> rs.getLong(1));
            db.commit();
            return new Result(reposted, foundPending, pending, failedAgain);
        }
    }
}
