package org.sdbench.apptier.instance.update;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import org.sdbench.apptier.instance.workprocess.SessionSource;
import org.sdbench.config.WorkUnits;
import org.sdbench.core.Clock;
import org.sdbench.database.DbSession;
import org.sdbench.database.Pipeline;
import org.sdbench.protocol.UpdateListener;
import org.sdbench.work.StepWork;
import org.sdbench.work.WorkBudget;
import org.sdbench.work.WorkEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loop of one update work process: V1 in one transaction (its modules deleted in it), then V2
 * in another. Both start by locking the VBHDR row and only run modules still present, so neither
 * part runs twice, even if the key is handed out again between them. A failure that may pass
 * (timeout, deadlock, lost connection, disk full) is retried with bounded back-off and then handed
 * back to the task to try later; only a failure of the request itself leaves it in state E.
 */
final class UpdateProcessor {
    interface Source {
        /** The next request key, or null when the task stops. */
        String next() throws InterruptedException;
    }

    /** Where the task hears what became of a key. */
    interface Outcomes {
        /** V1 is over (committed now, found done earlier, or failed): release its locks, wake its dialog. */
        void v1Done(String vbkey, UpdateOutcome outcome, boolean countIt);

        /** Nothing more to do for the key in this process. */
        void released(String vbkey);

        /** A transient failure outlasted the quick retries: try the key again after a back-off. */
        void deferred(String vbkey);
    }

    private enum Part {
        V1,
        V2
    }

    private static final Logger LOG = LoggerFactory.getLogger(UpdateProcessor.class);
    /** The width of VBHDR.VBREASON. */
    static final int REASON_CHARS = 500;

    static final long FIRST_BACKOFF_NANOS = 50_000_000L;
    static final long MAX_BACKOFF_NANOS = 30_000_000_000L;

    private final SessionSource sessions;
    private final Map<String, UpdateModule> modules;
    private final UpdateListener listener;
    private final Clock clock;
    private final int retries;
    private final Outcomes outcomes;
    private final UpdateHooks hooks;
    private final LongAdder retried = new LongAdder();
    private final Map<String, WorkBudget> moduleWork;
    private final WorkCounters work = new WorkCounters();
    private final AtomicLong engines = new AtomicLong();

    UpdateProcessor(
            SessionSource sessions,
            Map<String, UpdateModule> modules,
            UpdateListener listener,
            Clock clock,
            int retries,
            Outcomes outcomes,
            UpdateHooks hooks,
            Map<String, WorkUnits> moduleWork) {
        this.moduleWork = moduleWork.entrySet().stream()
                .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey, e -> WorkBudget.of(e.getValue())));
        this.sessions = sessions;
        this.modules = modules;
        this.listener = listener;
        this.clock = clock;
        this.retries = retries;
        this.outcomes = outcomes;
        this.hooks = hooks;
    }

    long retried() {
        return retried.sum();
    }

    /** CPU the update modules' simulated ABAP work took, V1 and V2, over the whole run. */
    WorkCounters work() {
        return work;
    }

    /** Exponential from 50 ms, capped at 30 s. */
    static long backoffNanos(int attempt) {
        return attempt >= 20 ? MAX_BACKOFF_NANOS : Math.min(MAX_BACKOFF_NANOS, FIRST_BACKOFF_NANOS << attempt);
    }

    void run(Source source) throws InterruptedException {
        DbSession db = sessions.open();
        // Each update work process has its own engine (its own working set), as each has its own session.
        StepWork stepWork = new StepWork(new WorkEngine(0x5DBE_1000L + engines.incrementAndGet()));
        try {
            for (String vbkey = source.next(); vbkey != null; vbkey = source.next()) {
                hooks.taken(vbkey);
                db = process(db, vbkey, stepWork);
            }
        } finally {
            db.close();
        }
    }

    private DbSession process(DbSession db, String vbkey, StepWork stepWork) throws InterruptedException {
        Part part = Part.V1;
        for (int attempt = 0; ; attempt++) {
            db.resetCounters();
            try {
                if (part == Part.V1) {
                    if (!v1(db, vbkey, stepWork)) {
                        outcomes.released(vbkey);
                        return db;
                    }
                    part = Part.V2;
                    attempt = -1;
                    hooks.betweenV1AndV2(vbkey);
                    continue;
                }
                v2(db, vbkey, stepWork);
                outcomes.released(vbkey);
                return db;
            } catch (SQLException e) {
                db.rollbackQuietly();
                if (db.dialect().isConnectionLost(e)) {
                    db = sessions.replace(db);
                }
                if (!db.dialect().isTransient(e)) {
                    return fail(db, vbkey, part, "SQLState " + e.getSQLState() + " " + e.getMessage());
                }
                if (attempt >= retries) {
                    outcomes.deferred(vbkey);
                    return db;
                }
                retried.increment();
                clock.sleepUntil(clock.nanoTime() + backoffNanos(attempt));
            } catch (RuntimeException e) {
                // A bug in a module (or a payload it cannot read) must not kill the update work process.
                db.rollbackQuietly();
                return fail(db, vbkey, part, describe(e));
            }
        }
    }

    /** Runs V1 if it is still to do; returns whether V2 remains. */
    private boolean v1(DbSession db, String vbkey, StepWork stepWork) throws SQLException {
        db.marks().updateBegins(vbkey);
        // One round trip: the VBHDR lock, then (its own snapshot) the V1 modules and whether V2 modules exist.
        PendingModules.Pending pending = PendingModules.lockAndRead(db, vbkey, UpdateCall.Priority.V1);
        if (!pending.isPending()) {
            db.commit();
            // Gone: done before (by this process before a restart); E: failed before and not re-posted.
            outcomes.v1Done(
                    vbkey,
                    pending.state() == null
                            ? new UpdateOutcome.Committed(clock.nanoTime(), 0, 0, 0)
                            : new UpdateOutcome.Failed("update request " + vbkey + " is in state " + pending.state()),
                    false);
            return false;
        }
        boolean v1 = pending.hasThisPriority();
        boolean v2 = pending.hasOtherPriority();
        Pipeline tail = new Pipeline(db.dialect());
        if (v1) {
            PendingModules.delete(tail, vbkey, UpdateCall.Priority.V1);
        }
        if (!v2) {
            tail.update("DELETE FROM vbhdr WHERE vbkey = ?", vbkey);
        }
        int items = runModules(db, vbkey, UpdateCall.Priority.V1, pending.modules(), stepWork, tail, v1);
        db.commit();
        if (v1) {
            work.committed(db.calls());
        }
        // Without V1 modules, V1 committed in an earlier attempt or process and was counted there.
        outcomes.v1Done(vbkey, new UpdateOutcome.Committed(clock.nanoTime(), db.dbNanos(), db.calls(), items), v1);
        return v2;
    }

    private void v2(DbSession db, String vbkey, StepWork stepWork) throws SQLException {
        db.marks().updateBegins(vbkey);
        PendingModules.Pending pending = PendingModules.lockAndRead(db, vbkey, UpdateCall.Priority.V2);
        if (!pending.isPending()) {
            db.commit();
            return;
        }
        boolean v2 = pending.hasThisPriority();
        Pipeline tail = new Pipeline(db.dialect());
        if (v2) {
            PendingModules.delete(tail, vbkey, UpdateCall.Priority.V2);
        }
        tail.update("DELETE FROM vbhdr WHERE vbkey = ?", vbkey);
        runModules(db, vbkey, UpdateCall.Priority.V2, pending.modules(), stepWork, tail, v2);
        db.commit();
        if (v2) {
            work.committed(db.calls());
            listener.v2Committed(db.dbNanos(), db.calls());
        }
    }

    /**
     * Runs the modules, each one's statements in one round trip between the two halves of its
     * simulated work (so its row locks are held during the second half, as when it ran them one by
     * one), the last one's together with {@code tail} (deleting what was done); {@code tail} alone
     * when there are no modules.
     */
    private int runModules(
            DbSession db,
            String vbkey,
            UpdateCall.Priority prio,
            List<PendingModules.Module> mods,
            StepWork stepWork,
            Pipeline tail,
            boolean countWork)
            throws SQLException {
        int items = 0;
        long cpu = 0;
        for (int i = 0; i < mods.size(); i++) {
            PendingModules.Module m = mods.get(i);
            UpdateModule module = modules.get(m.function());
            if (module == null) {
                throw new IllegalStateException("update request " + vbkey + " names unknown module " + m.function()
                        + "; known: " + modules.keySet());
            }
            // The module's ABAP work around its SQL: unpacking the payload before, building the
            // follow-up data after, inside the update transaction so its row locks are held meanwhile.
            stepWork.begin(moduleWork.getOrDefault(m.function(), WorkBudget.NONE));
            stepWork.spend(0.5);
            try {
                Pipeline statements = new Pipeline(db.dialect());
                items += module.execute(statements, m.payload());
                if (i + 1 == mods.size()) {
                    statements.append(tail);
                }
                db.run(statements);
                stepWork.finish();
            } finally {
                cpu += stepWork.cpuNanos();
            }
        }
        if (mods.isEmpty()) {
            db.run(tail);
        }
        if (countWork) {
            work.add(prio == UpdateCall.Priority.V1, cpu);
        }
        return items;
    }

    /** A bug's exception and where it was thrown: the first two frames of sdbench's own code. */
    static String describe(RuntimeException e) {
        StringBuilder b = new StringBuilder(e.toString());
        int shown = 0;
        for (StackTraceElement f : e.getStackTrace()) {
            if (f.getClassName().startsWith("org.sdbench.") && shown < 2) {
                b.append(shown++ == 0 ? " at " : " via ")
                        .append(f.getClassName().substring("org.sdbench.".length()))
                        .append('.')
                        .append(f.getMethodName())
                        .append('(')
                        .append(f.getFileName())
                        .append(':')
                        .append(f.getLineNumber())
                        .append(')');
            }
        }
        return b.toString();
    }

    /** The part and the error, on one line and cut to the column's width. */
    static String storedReason(Object part, String cause) {
        String r = (part + ": " + cause).replaceAll("\\s+", " ").strip();
        return r.length() <= REASON_CHARS ? r : r.substring(0, REASON_CHARS - 3) + "...";
    }

    /**
     * Marks the request as failed (SAP's SM13 "error") in its own transaction: it is not retried
     * until someone re-posts it ({@code sdbench repost}). If even the marking fails, the request is
     * still pending and is tried again later.
     */
    private DbSession fail(DbSession db, String vbkey, Part part, String cause) throws InterruptedException {
        String reason = part + " of " + vbkey + " failed: " + cause;
        try {
            db.update("UPDATE vbhdr SET vbstate = 'E', vbreason = ? WHERE vbkey = ?", storedReason(part, cause), vbkey);
            db.commit();
            // SM13's error text, in the process's log too: the request's data stays in VBHDR/VBMOD/VBDATA.
            LOG.warn("update request {} is in state E: {}", vbkey, reason);
        } catch (SQLException marking) {
            db.rollbackQuietly();
            if (db.dialect().isConnectionLost(marking)) {
                db = sessions.replace(db);
            }
            outcomes.deferred(vbkey);
            return db;
        }
        if (part == Part.V1) {
            outcomes.v1Done(vbkey, new UpdateOutcome.Failed(reason), true);
        } else {
            listener.v2Failed(reason);
        }
        outcomes.released(vbkey);
        return db;
    }
}
