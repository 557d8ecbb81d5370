package org.sdbench.appserver.update;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.sdbench.appserver.enqueue.EnqueueServer;
import org.sdbench.appserver.enqueue.LockOwner;
import org.sdbench.appserver.workprocess.SessionSource;
import org.sdbench.db.DbSession;
import org.sdbench.metrics.Clock;

/**
 * The asynchronous update of one app-server instance: save steps write a request and commit,
 * update work processes (platform threads, one DB session each) later run its V1 modules in one
 * transaction that also deletes them, then its V2 modules separately. A request whose dialog
 * transaction committed is in VBHDR until processed, so a crash loses none of them: the next
 * start processes what it finds there first.
 */
public final class UpdateTask {
    record Pending(String vbkey, UpdateHandle handle, LockOwner owner) {
    }

    private final int instance;
    private final Clock clock;
    private final UpdateListener listener;
    private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicLong sequence = new AtomicLong();
    private final String keyPrefix;
    private final EnqueueServer enqueue;
    private final List<Thread> workers = new ArrayList<>();
    private final UpdateProcessor processor;

    public UpdateTask(int instance, int workProcesses, SessionSource sessions, Map<String, UpdateModule> modules,
                      EnqueueServer enqueue, UpdateListener listener, Clock clock, int retries) {
        this.instance = instance;
        this.clock = clock;
        this.listener = listener;
        this.enqueue = enqueue;
        this.keyPrefix = Long.toString(clock.wallMillis(), 36) + "-" + instance + "-";
        this.processor = new UpdateProcessor(sessions, modules, enqueue, listener, clock, retries);
        for (int i = 0; i < workProcesses; i++) {
            Thread t = Thread.ofPlatform().daemon().name("upd-" + instance + "-" + i).unstarted(this::work);
            workers.add(t);
        }
    }

    public void start() {
        workers.forEach(Thread::start);
    }

    /**
     * Writes the request inside the dialog step's transaction. Locks move to the update task and
     * the request is queued only once that transaction commits ({@code afterCommit}).
     */
    public UpdateHandle submit(DbSession dialog, String user, String tcode, List<UpdateCall> calls,
                               LockOwner dialogOwner, Consumer<Runnable> afterCommit) throws SQLException {
        String vbkey = keyPrefix + sequence.incrementAndGet();
        UpdateRequestWriter.write(dialog, vbkey, user, tcode, instance, calls);
        UpdateHandle handle = new UpdateHandle(vbkey, clock.nanoTime());
        LockOwner updateOwner = new LockOwner("upd:" + vbkey);
        afterCommit.accept(() -> {
            enqueue.transfer(dialogOwner, updateOwner);
            queue.add(new Pending(vbkey, handle, updateOwner));
            listener.queueLength(queue.size());
        });
        return handle;
    }

    /** Queues the requests a previous process left in VBHDR (state P) for this instance number. */
    public int recoverPending(DbSession db) throws SQLException {
        List<String> keys = db.query("SELECT vbkey FROM vbhdr WHERE vbstate = 'P' AND instance = ? ORDER BY vbdate",
                rs -> rs.getString(1), instance);
        db.commit();
        for (String k : keys) {
            queue.add(new Pending(k, null, new LockOwner("upd:" + k)));
        }
        return keys.size();
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
                    Pending p = queue.poll(100, TimeUnit.MILLISECONDS);
                    if (p != null || stopping.get()) {
                        return p;
                    }
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Drains the queue for at most {@code timeout}, then stops the update work processes. What
     * was not processed stays in VBHDR for the next start.
     */
    public boolean drainAndStop(Duration timeout) throws InterruptedException {
        boolean drained = awaitIdle(timeout);
        stopping.set(true);
        for (Thread t : workers) {
            t.join(5_000);
            if (t.isAlive()) {
                t.interrupt();
                t.join(5_000);
            }
        }
        return drained;
    }
}
