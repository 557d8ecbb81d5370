package org.sdbench.apptier.instance;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.sdbench.apptier.instance.numberrange.NumberRanges;
import org.sdbench.apptier.instance.numberrange.WaitMeter;
import org.sdbench.apptier.instance.session.UserSession;
import org.sdbench.apptier.instance.update.UpdateCall;
import org.sdbench.apptier.instance.update.UpdateHandle;
import org.sdbench.apptier.instance.update.UpdateOutcome;
import org.sdbench.apptier.instance.update.UpdateTask;
import org.sdbench.config.WorkloadConfig;
import org.sdbench.core.Clock;
import org.sdbench.database.DbSession;
import org.sdbench.protocol.enqueue.Enqueue;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockResult;
import org.sdbench.work.StepWork;
import org.sdbench.work.WorkBudget;
import org.sdbench.work.WorkEngine;

/**
 * What a transaction step sees of its work process: the DB session, the user, and the
 * instance's services (number ranges, enqueue, update task, table buffer), each timed so the
 * step can report its ST03 breakdown. One per work process, re-aimed at each step.
 */
public final class StepContext {
    /** Thrown when a step waited longer than allowed for an earlier asynchronous update. */
    public static final class UpdateWaitTimeout extends Exception {
        UpdateWaitTimeout(String vbkey) {
            super("update " + vbkey, null, false, false);
        }
    }

    /** Thrown when an earlier update the step depends on failed. */
    public static final class UpdateFailed extends Exception {
        UpdateFailed(String reason) {
            super(reason, null, false, false);
        }
    }

    private final AppServerInstance instance;
    private final Clock clock;
    private final WaitMeter numberRangeMeter = new WaitMeter();
    private final List<Runnable> afterCommit = new ArrayList<>();
    private final List<Runnable> afterRollback = new ArrayList<>();
    private final StepWork work;
    private DbSession db;
    private UserSession user;
    private long enqueueNanos;
    private long updateWaitNanos;

    StepContext(AppServerInstance instance, Clock clock) {
        this.instance = instance;
        this.clock = clock;
        this.work = new StepWork(new WorkEngine(0x5DBE_0000L + instance.number()));
    }

    void begin(DbSession session, UserSession u) {
        this.db = session;
        this.user = u;
        db.resetCounters();
        numberRangeMeter.reset();
        enqueueNanos = 0;
        updateWaitNanos = 0;
        afterCommit.clear();
        afterRollback.clear();
    }

    public DbSession db() {
        return db;
    }

    public UserSession user() {
        return user;
    }

    public WorkloadConfig workload() {
        return instance.workload();
    }

    public Clock clock() {
        return clock;
    }

    /**
     * Does {@code share} (0 to 1) of this step's configured ABAP work here, between its SQL
     * statements; what the step leaves unspent runs before its commit.
     */
    public void work(double share) {
        work.spend(share);
    }

    void beginWork(WorkBudget budget) {
        work.begin(budget);
    }

    void finishWork() {
        work.finish();
    }

    long workNanos() {
        return work.cpuNanos();
    }

    /** Reads customizing through the instance's table buffer (SAP's buffered tables). */
    public <T> T buffered(String table, Object key, SqlSupplier<T> load) throws SQLException {
        try {
            return instance.tableBuffer().get(table, key, (Supplier<T>) () -> {
                try {
                    return load.get();
                } catch (SQLException e) {
                    throw new SqlInBuffer(e);
                }
            });
        } catch (SqlInBuffer e) {
            throw e.sql;
        }
    }

    /**
     * Drops buffered tables changed elsewhere when the instance's DDLOG poll is due; business logic
     * that buffers calls it before its reads (logic that never touches the DB does not).
     */
    public void syncTableBuffer() throws SQLException {
        instance.bufferSync().pollIfDue(db);
    }

    /** Like {@link java.util.function.Supplier} but allowed to fail with an SQL error. */
    @FunctionalInterface
    public interface SqlSupplier<T> {
        T get() throws SQLException;
    }

    private static final class SqlInBuffer extends RuntimeException {
        final SQLException sql;

        SqlInBuffer(SQLException sql) {
            super(null, null, false, false);
            this.sql = sql;
        }
    }

    /** Draws the next document number (buffered, or inside this transaction when unbuffered). */
    public long nextNumber(String object, String range) throws SQLException, InterruptedException {
        NumberRanges nr = instance.numberRanges();
        return nr.next(db.transactionConnection(), object, range, numberRangeMeter);
    }

    /** Requests a logical lock for this user; never waits, as SAP's enqueue server. */
    public LockResult lock(String object, String key, LockMode mode) {
        Enqueue e = instance.enqueue();
        long t0 = clock.nanoTime();
        try {
            return e.lock(user.owner(), object, key, mode);
        } finally {
            enqueueNanos += clock.nanoTime() - t0;
        }
    }

    /** Writes an update request in this step's transaction; locks pass to the update task at commit. */
    public UpdateHandle submitUpdate(String tcode, List<UpdateCall> calls) throws SQLException {
        UpdateTask task = instance.updateTask();
        return task.submit(db, user.userName(), tcode, calls, user.owner(), afterCommit::add, afterRollback::add);
    }

    /** Runs after this step's transaction committed (never after a rollback). */
    public void afterCommit(Runnable r) {
        afterCommit.add(r);
    }

    /** Waits for an earlier step's update to commit; the wait is the step's update-wait time. */
    public void awaitUpdate(UpdateHandle h) throws InterruptedException, UpdateWaitTimeout, UpdateFailed {
        if (h == null) {
            return;
        }
        long t0 = clock.nanoTime();
        try {
            if (h.await(instance.updateWaitTimeoutNanos()) instanceof UpdateOutcome.Failed f) {
                throw new UpdateFailed(f.reason());
            }
            db.marks().readsUpdate(h.vbkey());
        } catch (TimeoutException e) {
            throw new UpdateWaitTimeout(h.vbkey());
        } finally {
            updateWaitNanos += clock.nanoTime() - t0;
        }
    }

    void runAfterCommit() {
        afterCommit.forEach(Runnable::run);
        afterCommit.clear();
        afterRollback.clear();
    }

    /** The transaction rolled back, or its commit failed so its outcome is unknown. */
    void rolledBack() {
        afterCommit.clear();
        afterRollback.forEach(Runnable::run);
        afterRollback.clear();
    }

    long enqueueNanos() {
        return enqueueNanos;
    }

    long numberRangeNanos() {
        return numberRangeMeter.ns();
    }

    long updateWaitNanos() {
        return updateWaitNanos;
    }
}
