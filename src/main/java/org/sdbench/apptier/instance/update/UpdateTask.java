package org.sdbench.apptier.instance.update;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.sdbench.apptier.instance.workprocess.SessionSource;
import org.sdbench.core.Clock;
import org.sdbench.database.DbSession;
import org.sdbench.protocol.RunIdentity;
import org.sdbench.protocol.UpdateListener;
import org.sdbench.protocol.enqueue.Enqueue;
import org.sdbench.protocol.enqueue.EnqueueRefusedException;
import org.sdbench.protocol.enqueue.EnqueueUnavailableException;
import org.sdbench.protocol.enqueue.LockOwner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The asynchronous update of one app-server instance: save steps write a request and commit,
 * update work processes (platform threads, one DB session each) later run its V1 modules in one
 * transaction that also deletes them, then its V2 modules separately.
 *
 * <p>VBHDR, not the in-memory queue, is the record of what must be done. A request whose dialog
 * commit was acknowledged is queued at once; one whose acknowledgement was lost (the connection
 * broke during commit), or whose processing was cut off, is found by a periodic sweep of VBHDR and
 * by the final sweep at drain; requests left by a crashed process are processed first at start.
 *
 * <p>A key stays in {@code known} from the moment it is queued until its V2 is over, so a sweep
 * between V1 and V2 cannot hand it out again. A request whose processing hit a transient failure
 * stays known and is queued again after a back-off; a worker killed by an {@link Error} is replaced
 * and its request released for the sweep.
 */
public final class UpdateTask {
    private static final Logger LOG = LoggerFactory.getLogger(UpdateTask.class);

    private final int instance;
    private final Clock clock;
    private final UpdateListener listener;
    private final UpdateQueue queue;
    private final Map<String, UpdateHandle> handles = new ConcurrentHashMap<>();

    private final AtomicBoolean stopping = new AtomicBoolean();

    private final AtomicLong sequence = new AtomicLong();
    private final AtomicInteger workerNumber = new AtomicInteger();
    private final AtomicLong workersReplaced = new AtomicLong();
    /** This task's life in base 36 milliseconds: two processes of one instance number in one run never share a key. */
    private final String life;
    /** Keys begin with the instance, the run and this task's life: {@link LockOwner#updateKeyPrefix}. */
    private volatile String keyPrefix;

    private final Enqueue enqueue;
    private final SessionSource sessions;
    private final List<Thread> workers = new CopyOnWriteArrayList<>();
    private final UpdateSweep sweep;
    private final UpdateProcessor processor;
    private final UpdateHooks hooks;
    /** This process's lease on the instance number: saves write update requests only while it is current. */
    private volatile InstanceFence.Lease lease;

    public UpdateTask(
            int instance,
            int workProcesses,
            SessionSource sessions,
            Map<String, UpdateModule> modules,
            Enqueue enqueue,
            UpdateListener listener,
            Clock clock,
            int retries,
            UpdateTaskOptions options) {
        this.instance = instance;
        this.queue = new UpdateQueue(clock);
        this.clock = clock;
        this.listener = listener;
        this.enqueue = enqueue;
        this.sessions = sessions;
        this.life = Long.toString(clock.wallMillis(), 36);
        run(RunIdentity.freshId());
        this.hooks = options.hooks();
        this.processor = new UpdateProcessor(
                sessions, modules, listener, clock, retries, new Outcomes(), hooks, options.moduleWork());
        for (int i = 0; i < workProcesses; i++) {
            workers.add(newWorker());
        }
        this.sweep = new UpdateSweep(instance, clock, queue, sessions, options.sweepEvery(), stopping::get);
    }

    private Thread newWorker() {
        Thread t = Thread.ofPlatform()
                .daemon()
                .name("upd-" + instance + "-" + workerNumber.getAndIncrement())
                .unstarted(this::work);
        t.setUncaughtExceptionHandler(this::workerDied);
        return t;
    }

    /** The run whose saves come next: their keys, and so their lock owners, name it. */
    public void run(String run) {
        keyPrefix = LockOwner.updateKeyPrefix(instance, run) + life + "-";
    }

    /**
     * Takes the instance number's lease for the DB sessions named {@code holder} (the pool's
     * application name), fencing any earlier process of the same number; before the first save.
     */
    public void takeLease(DbSession db, String holder) throws SQLException {
        lease = InstanceFence.take(db, instance, holder, clock.wallMillis());
    }

    public void start() {
        workers.forEach(Thread::start);
        sweep.start();
    }

    /**
     * Writes the request inside the dialog step's transaction. Locks move to the update task and
     * the request is queued only once that transaction commits ({@code afterCommit}); until the
     * transaction has ended either way ({@code afterRollback} covers a rollback and a commit whose
     * outcome is unknown) the sweep does not touch the request, so it is queued exactly once, with
     * its locks and its handle in place.
     */
    public UpdateHandle submit(
            DbSession dialog,
            String user,
            String tcode,
            List<UpdateCall> calls,
            LockOwner dialogOwner,
            Consumer<Runnable> afterCommit,
            Consumer<Runnable> afterRollback)
            throws SQLException {
        InstanceFence.Lease held = lease;
        if (held == null) {
            throw new IllegalStateException("instance " + instance + ": a save before the update task took its lease");
        }
        String vbkey = keyPrefix + Long.toString(sequence.incrementAndGet(), 36);
        queue.inDialog(vbkey);
        afterRollback.accept(() -> queue.dialogEnded(vbkey));
        UpdateRequestWriter.write(dialog, vbkey, user, tcode, held, calls, clock.wallMillis());
        dialog.marks().savesUpdate(vbkey);
        UpdateHandle handle = new UpdateHandle(vbkey, clock.nanoTime());
        afterCommit.accept(() -> {
            try {
                enqueue.transfer(dialogOwner, owner(vbkey));
            } catch (EnqueueUnavailableException | EnqueueRefusedException e) {
                // The request is committed and must be queued all the same; its locks stay with the
                // dialog session, which the central services drop with this instance should it be fenced.
                LOG.warn(
                        "lock transfer to update request {} failed, the request is queued anyway: {}",
                        vbkey,
                        e.getMessage());
            }
            handles.put(vbkey, handle);
            queue.offer(vbkey);
            queue.dialogEnded(vbkey);
            listener.queueLength(queue.length());
        });
        return handle;
    }

    static LockOwner owner(String vbkey) {
        return LockOwner.update(vbkey);
    }

    /** Queues the requests a previous process left in VBHDR (state P) for this instance number. */
    public int recoverPending(DbSession db) throws SQLException {
        return sweep.all(db, instance);
    }

    /**
     * Fences another instance whose process was declared dead (three-tier), then queues its pending
     * requests, so that no committed update request waits for that instance to come back and none
     * is written by it after this sweep (see {@link InstanceFence}).
     */
    public int adopt(DbSession db, int deadInstance) throws SQLException {
        InstanceFence.fence(db, deadInstance, clock.wallMillis());
        return sweep.all(db, deadInstance);
    }

    /** What the processor reports back, per key. */
    private final class Outcomes implements UpdateProcessor.Outcomes {
        @Override
        public void v1Done(String vbkey, UpdateOutcome outcome, boolean countIt) {
            try {
                enqueue.releaseAll(owner(vbkey));
            } catch (EnqueueUnavailableException | EnqueueRefusedException e) {
                // V1 is over either way; the central services drop this instance's locks should it be fenced.
                LOG.warn("releasing the locks of update request {} failed: {}", vbkey, e.getMessage());
            }
            UpdateHandle h = handles.remove(vbkey);
            if (h != null) {
                h.complete(outcome);
            }
            if (!countIt) {
                return;
            }
            switch (outcome) {
                case UpdateOutcome.Committed c ->
                    listener.v1Committed(
                            h == null ? -1 : c.committedNanos() - h.savedNanos(),
                            c.dbNanos(),
                            c.dbCalls(),
                            c.lineItems());
                case UpdateOutcome.Failed f -> listener.v1Failed(f.reason());
            }
        }

        @Override
        public void released(String vbkey) {
            queue.released(vbkey);
        }

        @Override
        public void deferred(String vbkey) {
            queue.defer(vbkey);
            hooks.deferred(vbkey);
        }
    }

    /** A worker thrown out by an Error: its request goes back to the sweep and a new worker takes its place. */
    private void workerDied(Thread dead, Throwable cause) {
        workers.remove(dead);
        queue.workerDied(dead);
        if (!stopping.get()) {
            Thread t = newWorker();
            workers.add(t);
            t.start();
        }
        workersReplaced.incrementAndGet();
        listener.v1Failed("update work process " + dead.getName() + " died: " + cause);
    }

    /** One pass of the periodic sweep, now: what it found and what it queued. */
    public record SweepPass(int pending, int queued) {}

    /**
     * Re-queues deferred requests whose back-off is over and queues pending requests old enough
     * that their dialog commit is surely over and that nobody here knows of; the periodic sweep
     * does this every two seconds.
     */
    public SweepPass sweepNow(DbSession db) throws SQLException {
        return sweep.now(db);
    }

    /** Update transactions retried after a transient failure (deadlock, lost connection, timeout, disk full), in place or later. */
    public long retriedTransactions() {
        return processor.retried() + queue.deferrals();
    }

    /** Update work processes that died of an Error and were replaced. */
    public long workersReplaced() {
        return workersReplaced.get();
    }

    /** Update work processes alive now. */
    public int liveWorkers() {
        return (int) workers.stream().filter(Thread::isAlive).count();
    }

    /** Requests waiting for their back-off after a transient failure. */
    public int deferredRequests() {
        return queue.waiting();
    }

    /** CPU time of the update modules' simulated ABAP work so far. */
    public WorkCounters.Totals workTotals() {
        return processor.work().totals();
    }

    public int queueLength() {
        return queue.length();
    }

    /**
     * Blocks until no request is queued, in process or deferred, at most {@code timeout}. A
     * request counts from the moment it is queued until it is released, so a worker that has
     * taken one but not started on it yet keeps the task busy.
     */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        return queue.awaitIdle(timeout);
    }

    private void work() {
        try {
            processor.run(() -> {
                while (true) {
                    String k = queue.take(100);
                    if (k != null) {
                        return k;
                    }
                    if (stopping.get()) {
                        return null;
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
     * The extra session for the final sweep is taken from the pool within its connection timeout
     * or not at all.
     */
    public boolean drainAndStop(Duration timeout) throws InterruptedException {
        long deadline = clock.nanoTime() + timeout.toNanos();
        boolean drained = awaitIdle(timeout);
        if (drained) {
            try (DbSession db = new DbSession(sessions.pool().getConnection(), sessions.dialect(), clock)) {
                try {
                    sweep.all(db, instance);
                } catch (SQLException e) {
                    db.rollbackQuietly();
                }
            } catch (SQLException e) {
                drained = false;
            }
            if (drained) {
                drained = awaitIdle(Duration.ofNanos(Math.max(0, deadline - clock.nanoTime())));
            }
        }
        stopping.set(true);
        sweep.stop();
        for (Thread t : workers) {
            stop(t);
        }
        stop(sweep.thread());
        return drained;
    }

    /** Joins a thread told to stop; one still in a statement after 5 s is interrupted, which ends it. */
    private static void stop(Thread t) throws InterruptedException {
        if (t == null) {
            return;
        }
        t.join(5_000);
        if (t.isAlive()) {
            t.interrupt();
            t.join(5_000);
        }
    }
}
