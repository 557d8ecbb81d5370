package org.sdbench.appserver.update;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.sdbench.appserver.enqueue.EnqueueServer;
import org.sdbench.appserver.workprocess.SessionSource;
import org.sdbench.db.DbSession;
import org.sdbench.metrics.Clock;

/** The loop of one update work process: V1 in one transaction (request modules deleted in it), then V2. */
final class UpdateProcessor {
    interface Source {
        /** The next request, or null when the task stops. */
        UpdateTask.Pending next() throws InterruptedException;
    }

    private final SessionSource sessions;
    private final Map<String, UpdateModule> modules;
    private final EnqueueServer enqueue;
    private final UpdateListener listener;
    private final Clock clock;
    private final int retries;
    private final AtomicInteger busy = new AtomicInteger();

    UpdateProcessor(SessionSource sessions, Map<String, UpdateModule> modules, EnqueueServer enqueue,
                    UpdateListener listener, Clock clock, int retries) {
        this.sessions = sessions;
        this.modules = modules;
        this.enqueue = enqueue;
        this.listener = listener;
        this.clock = clock;
        this.retries = retries;
    }

    int busy() {
        return busy.get();
    }

    void run(Source source) throws InterruptedException {
        DbSession db = sessions.open();
        try {
            for (UpdateTask.Pending p = source.next(); p != null; p = source.next()) {
                busy.incrementAndGet();
                try {
                    db = process(db, p);
                } finally {
                    busy.decrementAndGet();
                }
            }
        } finally {
            db.close();
        }
    }

    private DbSession process(DbSession db, UpdateTask.Pending p) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            db.resetCounters();
            try {
                int items = runModules(db, p.vbkey(), UpdateCall.Priority.V1);
                boolean v2 = db.queryOne("SELECT 1 FROM vbmod WHERE vbkey = ? AND vbprio = '2' " + db.dialect().firstRows(1),
                        rs -> 1, p.vbkey()) != null;
                if (!v2) {
                    db.update("DELETE FROM vbhdr WHERE vbkey = ?", p.vbkey());
                }
                db.commit();
                long now = clock.nanoTime();
                enqueue.releaseAll(p.owner());
                if (p.handle() != null) {
                    p.handle().complete(new UpdateOutcome.Committed(now));
                    listener.v1Committed(p.handle().savedNanos(), now, db.dbNanos(), db.calls(), items);
                } else {
                    listener.v1Committed(now, now, db.dbNanos(), db.calls(), items);
                }
                return v2 ? runV2(db, p.vbkey()) : db;
            } catch (SQLException e) {
                db.rollbackQuietly();
                if (db.dialect().isConnectionLost(e)) {
                    db = sessions.replace(db);
                    if (attempt < retries) {
                        continue;
                    }
                } else if (db.dialect().isRetryable(e) && attempt < retries) {
                    continue;
                }
                fail(db, p, e);
                return db;
            }
        }
    }

    private DbSession runV2(DbSession db, String vbkey) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            db.resetCounters();
            try {
                runModules(db, vbkey, UpdateCall.Priority.V2);
                db.update("DELETE FROM vbhdr WHERE vbkey = ?", vbkey);
                db.commit();
                listener.v2Committed(db.dbNanos(), db.calls());
                return db;
            } catch (SQLException e) {
                db.rollbackQuietly();
                if (db.dialect().isConnectionLost(e)) {
                    db = sessions.replace(db);
                }
                if (attempt >= retries) {
                    // V2 is statistics only: a failure leaves the request in VBHDR for the next start.
                    listener.v1Failed("V2 of " + vbkey + ": " + e.getMessage());
                    return db;
                }
            }
        }
    }

    private int runModules(DbSession db, String vbkey, UpdateCall.Priority prio) throws SQLException {
        int items = 0;
        List<PendingModules.Module> mods = PendingModules.read(db, vbkey, prio);
        for (PendingModules.Module m : mods) {
            UpdateModule module = modules.get(m.function());
            if (module == null) {
                throw new IllegalStateException("update request " + vbkey + " names unknown module " + m.function()
                        + "; known: " + modules.keySet());
            }
            items += module.execute(db, m.payload());
        }
        PendingModules.delete(db, vbkey, prio);
        return items;
    }

    private void fail(DbSession db, UpdateTask.Pending p, SQLException e) {
        String reason = "V1 of " + p.vbkey() + " failed: SQLState " + e.getSQLState() + " " + e.getMessage();
        try {
            db.update("UPDATE vbhdr SET vbstate = 'E' WHERE vbkey = ?", p.vbkey());
            db.commit();
        } catch (SQLException marking) {
            db.rollbackQuietly();
        }
        enqueue.releaseAll(p.owner());
        if (p.handle() != null) {
            p.handle().complete(new UpdateOutcome.Failed(reason));
        }
        listener.v1Failed(reason);
    }
}
