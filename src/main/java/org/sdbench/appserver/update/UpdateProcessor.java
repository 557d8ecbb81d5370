package org.sdbench.appserver.update;

import org.sdbench.protocol.UpdateListener;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.sdbench.appserver.work.StepWork;
import org.sdbench.appserver.work.WorkEngine;
import org.sdbench.appserver.workprocess.SessionSource;
import org.sdbench.config.WorkUnits;
import org.sdbench.db.DbSession;
import org.sdbench.metrics.Clock;

/**
 * The loop of one update work process: V1 in one transaction (its modules deleted in it), then V2.
 * Processing is idempotent and exclusive per request: V1 starts by locking the VBHDR row, and a
 * request that is gone or has no V1 modules left was already done by someone else.
 */
final class UpdateProcessor {
    interface Source {
        /** The next request key, or null when the task stops. */
        String next() throws InterruptedException;
    }

    private final SessionSource sessions;
    private final Map<String, UpdateModule> modules;
    private final UpdateListener listener;
    private final Clock clock;
    private final int retries;
    private final BiConsumer<String, UpdateOutcome> finished;
    private final AtomicInteger busy = new AtomicInteger();
    private final java.util.concurrent.atomic.LongAdder retried = new java.util.concurrent.atomic.LongAdder();
    private final Map<String, WorkUnits> moduleWork;
    private final WorkCounters work = new WorkCounters();
    private final java.util.concurrent.atomic.AtomicLong engines = new java.util.concurrent.atomic.AtomicLong();

    UpdateProcessor(SessionSource sessions, Map<String, UpdateModule> modules, UpdateListener listener, Clock clock,
                    int retries, BiConsumer<String, UpdateOutcome> finished, Map<String, WorkUnits> moduleWork) {
        this.moduleWork = Map.copyOf(moduleWork);
        this.sessions = sessions;
        this.modules = modules;
        this.listener = listener;
        this.clock = clock;
        this.retries = retries;
        this.finished = finished;
    }

    long retried() {
        return retried.sum();
    }

    int busy() {
        return busy.get();
    }

    /** CPU the update modules' simulated ABAP work took, V1 and V2, over the whole run. */
    WorkCounters work() {
        return work;
    }

    void run(Source source) throws InterruptedException {
        DbSession db = sessions.open();
        // Each update work process has its own engine (its own working set), as each has its own session.
        StepWork stepWork = new StepWork(new WorkEngine(0x5DBE_1000L + engines.incrementAndGet()));
        try {
            for (String vbkey = source.next(); vbkey != null; vbkey = source.next()) {
                busy.incrementAndGet();
                try {
                    db = process(db, vbkey, stepWork);
                } finally {
                    busy.decrementAndGet();
                }
            }
        } finally {
            db.close();
        }
    }

    private DbSession process(DbSession db, String vbkey, StepWork stepWork) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            db.resetCounters();
            try {
                String state = db.queryOne("SELECT vbstate FROM vbhdr WHERE vbkey = ? FOR UPDATE", rs -> rs.getString(1), vbkey);
                if (state == null || !state.equals("P")) {
                    db.commit();
                    finished.accept(vbkey, state == null ? new UpdateOutcome.Committed(clock.nanoTime(), 0, 0, 0)
                            : new UpdateOutcome.Failed("update request " + vbkey + " is in state " + state));
                    return db;
                }
                int items = runModules(db, vbkey, UpdateCall.Priority.V1, stepWork);
                boolean v2 = db.queryOne("SELECT 1 FROM vbmod WHERE vbkey = ? AND vbprio = '2' " + db.dialect().firstRows(1),
                        rs -> 1, vbkey) != null;
                if (!v2) {
                    db.update("DELETE FROM vbhdr WHERE vbkey = ?", vbkey);
                }
                db.commit();
                finished.accept(vbkey, new UpdateOutcome.Committed(clock.nanoTime(), db.dbNanos(), db.calls(), items));
                return v2 ? runV2(db, vbkey, stepWork) : db;
            } catch (SQLException e) {
                db.rollbackQuietly();
                if (db.dialect().isConnectionLost(e)) {
                    db = sessions.replace(db);
                    if (attempt < retries) {
                        retried.increment();
                        continue;
                    }
                } else if (db.dialect().isRetryable(e) && attempt < retries) {
                    retried.increment();
                    continue;
                }
                return fail(db, vbkey, "SQLState " + e.getSQLState() + " " + e.getMessage());
            } catch (RuntimeException e) {
                // A bug in a module (or a payload it cannot read) must not kill the update work process.
                db.rollbackQuietly();
                return fail(db, vbkey, e.toString());
            }
        }
    }

    private DbSession runV2(DbSession db, String vbkey, StepWork stepWork) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            db.resetCounters();
            try {
                runModules(db, vbkey, UpdateCall.Priority.V2, stepWork);
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
                    // V2 is statistics only: the request stays in VBHDR (state P, V1 done) and the sweep retries it.
                    return db;
                }
            }
        }
    }

    private int runModules(DbSession db, String vbkey, UpdateCall.Priority prio, StepWork stepWork) throws SQLException {
        int items = 0;
        long cpu = 0;
        List<PendingModules.Module> mods = PendingModules.read(db, vbkey, prio);
        for (PendingModules.Module m : mods) {
            UpdateModule module = modules.get(m.function());
            if (module == null) {
                throw new IllegalStateException("update request " + vbkey + " names unknown module " + m.function()
                        + "; known: " + modules.keySet());
            }
            // The module's ABAP work around its SQL: unpacking the payload before, building the
            // follow-up data after, inside the update transaction so its row locks are held meanwhile.
            stepWork.begin(moduleWork.getOrDefault(m.function(), WorkUnits.NONE));
            stepWork.spend(0.5);
            try {
                items += module.execute(db, m.payload());
                stepWork.finish();
            } finally {
                cpu += stepWork.cpuNanos();
            }
        }
        PendingModules.delete(db, vbkey, prio);
        work.add(prio == UpdateCall.Priority.V1, cpu);
        return items;
    }

    /** Marks the request as failed (SAP's SM13 "error") in its own transaction, so it is never retried blindly. */
    private DbSession fail(DbSession db, String vbkey, String cause) throws InterruptedException {
        String reason = "V1 of " + vbkey + " failed: " + cause;
        try {
            db.update("UPDATE vbhdr SET vbstate = 'E' WHERE vbkey = ?", vbkey);
            db.commit();
        } catch (SQLException marking) {
            db.rollbackQuietly();
            if (db.dialect().isConnectionLost(marking)) {
                db = sessions.replace(db);
            }
        }
        finished.accept(vbkey, new UpdateOutcome.Failed(reason));
        return db;
    }
}
