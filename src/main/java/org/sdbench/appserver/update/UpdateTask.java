package org.sdbench.appserver.update;

import org.sdbench.protocol.UpdateListener;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.sdbench.appserver.enqueue.Enqueue;
import org.sdbench.appserver.enqueue.LockOwner;
import org.sdbench.appserver.workprocess.SessionSource;
import org.sdbench.config.WorkUnits;
import org.sdbench.db.DbSession;
import org.sdbench.metrics.Clock;

/**
 * The asynchronous update of one app-server instance: save steps write a request and commit,
 * update work processes (platform threads, one DB session each) later run its V1 modules in one
 * transaction that also deletes them, then its V2 modules separately.
 *
 * <p>VBHDR, not the in-memory queue, is the record of what must be done. A request whose dialog
 * commit was acknowledged is queued at once; one whose acknowledgement was lost (the connection
 * broke during commit), or whose processing was cut off, is found by a periodic sweep of VBHDR and
 * by the final sweep at drain; requests left by a crashed process are processed first at start.
 */
public final class UpdateTask {
    /** Requests younger than this are left to the normal path: their commit may be acknowledging right now. */
    private static final long SWEEP_MIN_AGE_MS = 5_000;
    private static final long SWEEP_EVERY_MS = 2_000;

    private final int instance;
    private final Clock clock;
    private final UpdateListener listener;
    private final LinkedBlockingQueue<String> queue = new LinkedBlockingQueue<>();
    private final Set<String> known = ConcurrentHashMap.newKeySet();
    /** Requests written by a dialog transaction that has not ended yet: the sweep must leave them alone. */
    private final Set<String> inDialog = ConcurrentHashMap.newKeySet();
    private final Map<String, UpdateHandle> handles = new ConcurrentHashMap<>();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicLong sequence = new AtomicLong();
    private final String keyPrefix;
    private final Enqueue enqueue;
    private final SessionSource sessions;
    private final List<Thread> workers = new ArrayList<>();
    private final Thread sweeper;
    private final UpdateProcessor processor;

    /** An update task whose modules do no simulated ABAP work (SQL only). */
    public UpdateTask(int instance, int workProcesses, SessionSource sessions, Map<String, UpdateModule> modules,
                      Enqueue enqueue, UpdateListener listener, Clock clock, int retries) {
        this(instance, workProcesses, sessions, modules, enqueue, listener, clock, retries, Map.of());
    }

    /** @param moduleWork simulated ABAP work per update module name (modules not named do none) */
    public UpdateTask(int instance, int workProcesses, SessionSource sessions, Map<String, UpdateModule> modules,
                      Enqueue enqueue, UpdateListener listener, Clock clock, int retries,
                      Map<String, WorkUnits> moduleWork) {
        this.instance = instance;
        this.clock = clock;
        this.listener = listener;
        this.enqueue = enqueue;
        this.sessions = sessions;
        this.keyPrefix = Long.toString(clock.wallMillis(), 36) + "-" + instance + "-";
        this.processor = new UpdateProcessor(sessions, modules, listener, clock, retries, this::finished, moduleWork);
        for (int i = 0; i < workProcesses; i++) {
            workers.add(Thread.ofPlatform().daemon().name("upd-" + instance + "-" + i).unstarted(this::work));
        }
        sweeper = Thread.ofPlatform().daemon().name("upd-sweep-" + instance).unstarted(this::sweepPeriodically);
    }

    public void start() {
        workers.forEach(Thread::start);
        sweeper.start();
    }

    /**
     * Writes the request inside the dialog step's transaction. Locks move to the update task and
     * the request is queued only once that transaction commits ({@code afterCommit}); until the
     * transaction has ended either way ({@code afterRollback} covers a rollback and a commit whose
     * outcome is unknown) the sweep does not touch the request, so it is queued exactly once, with
     * its locks and its handle in place.
     */
    public UpdateHandle submit(DbSession dialog, String user, String tcode, List<UpdateCall> calls,
                               LockOwner dialogOwner, Consumer<Runnable> afterCommit, Consumer<Runnable> afterRollback)
            throws SQLException {
        String vbkey = keyPrefix + sequence.incrementAndGet();
        inDialog.add(vbkey);
        afterRollback.accept(() -> inDialog.remove(vbkey));
        UpdateRequestWriter.write(dialog, vbkey, user, tcode, instance, calls);
        UpdateHandle handle = new UpdateHandle(vbkey, clock.nanoTime());
        afterCommit.accept(() -> {
            enqueue.transfer(dialogOwner, owner(vbkey));
            handles.put(vbkey, handle);
            offer(vbkey);
            inDialog.remove(vbkey);
            listener.queueLength(queue.size());
        });
        return handle;
    }

    static LockOwner owner(String vbkey) {
        return new LockOwner("upd:" + vbkey);
    }

    /** Queues the requests a previous process left in VBHDR (state P) for this instance number. */
    public int recoverPending(DbSession db) throws SQLException {
        return sweep(db, instance, Long.MAX_VALUE);
    }

    /**
     * Queues the pending requests of another instance whose process died (three-tier), so that no
     * committed update request waits for that instance to come back.
     */
    public int adopt(DbSession db, int deadInstance) throws SQLException {
        return sweep(db, deadInstance, Long.MAX_VALUE);
    }

    private boolean offer(String vbkey) {
        if (known.add(vbkey)) {
            queue.add(vbkey);
            return true;
        }
        return false;
    }

    /** Called by the processor when a request is done (committed, failed, or already gone). */
    private void finished(String vbkey, UpdateOutcome outcome) {
        enqueue.releaseAll(owner(vbkey));
        UpdateHandle h = handles.remove(vbkey);
        if (h != null) {
            h.complete(outcome);
        }
        switch (outcome) {
            case UpdateOutcome.Committed c -> listener.v1Committed(h == null ? -1 : c.committedNanos() - h.savedNanos(),
                    c.dbNanos(), c.dbCalls(), c.lineItems());
            case UpdateOutcome.Failed f -> listener.v1Failed(f.reason());
        }
        known.remove(vbkey);
    }

    /** Queues pending requests of this instance older than the given wall time; returns how many were new. */
    private int sweep(DbSession db, long olderThanMillis) throws SQLException {
        return sweep(db, instance, olderThanMillis);
    }

    private int sweep(DbSession db, int ofInstance, long olderThanMillis) throws SQLException {
        List<String> keys = db.query("SELECT vbkey FROM vbhdr WHERE vbstate = 'P' AND instance = ? AND vbdate < ? ORDER BY vbdate",
                rs -> rs.getString(1), ofInstance, new Timestamp(Math.min(olderThanMillis, 253_402_300_799_000L)));
        db.commit();
        int added = 0;
        for (String k : keys) {
            if (!inDialog.contains(k) && offer(k)) {
                added++;
            }
        }
        return added;
    }

    private void sweepPeriodically() {
        DbSession db = null;
        try {
            db = sessions.open();
            while (!stopping.get()) {
                Thread.sleep(SWEEP_EVERY_MS);
                try {
                    sweep(db, clock.wallMillis() - SWEEP_MIN_AGE_MS);
                } catch (SQLException e) {
                    db.rollbackQuietly();
                    if (db.dialect().isConnectionLost(e)) {
                        db = sessions.replace(db);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (db != null) {
                db.close();
            }
        }
    }

    /** Update transactions retried after a deadlock, serialization failure or lost connection. */
    public long retriedTransactions() {
        return processor.retried();
    }

    /** CPU time of the update modules' simulated ABAP work so far. */
    public WorkCounters.Totals workTotals() {
        return processor.work().totals();
    }

    public int queueLength() {
        return queue.size();
    }

    /** Blocks until the queue is empty and no request is in process, at most {@code timeout}. */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = clock.nanoTime() + timeout.toNanos();
        while (!queue.isEmpty() || processor.busy() > 0) {
            if (clock.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    private void work() {
        try {
            processor.run(() -> {
                while (true) {
                    String k = queue.poll(100, TimeUnit.MILLISECONDS);
                    if (k != null || stopping.get()) {
                        return k;
                    }
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Drains the queue for at most {@code timeout}, sweeps VBHDR once more for requests whose
     * queueing was lost (no dialog step writes any more at this point), drains again, then stops
     * the update work processes. What is still not processed stays in VBHDR for the next start.
     */
    public boolean drainAndStop(Duration timeout) throws InterruptedException {
        long deadline = clock.nanoTime() + timeout.toNanos();
        boolean drained = awaitIdle(timeout);
        if (drained) {
            DbSession db = sessions.open();
            try {
                sweep(db, Long.MAX_VALUE);
            } catch (SQLException e) {
                db.rollbackQuietly();
            } finally {
                db.close();
            }
            drained = awaitIdle(Duration.ofNanos(Math.max(0, deadline - clock.nanoTime())));
        }
        stopping.set(true);
        sweeper.interrupt();
        for (Thread t : workers) {
            t.join(5_000);
            if (t.isAlive()) {
                t.interrupt();
                t.join(5_000);
            }
        }
        sweeper.join(5_000);
        return drained;
    }
}
