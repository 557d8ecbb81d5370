package org.sdbench.apptier.instance.update;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.sdbench.core.Clock;

/**
 * The update requests one process is responsible for: queued, taken by an update work process, or deferred after a
 * transient failure until their back-off is over; and those a dialog transaction has written but not ended yet,
 * which only that transaction may queue.
 */
final class UpdateQueue {
    private final Clock clock;
    private final LinkedBlockingQueue<String> queue = new LinkedBlockingQueue<>();
    /** Queued, in process or deferred: every key this process is responsible for right now. */
    private final Set<String> known = ConcurrentHashMap.newKeySet();
    /** Requests written by a dialog transaction that has not ended yet: the sweep must leave them alone. */
    private final Set<String> inDialog = ConcurrentHashMap.newKeySet();
    /** Keys whose last attempt failed transiently, with the clock time before which they are not retried. */
    private final Map<String, Long> deferredUntil = new ConcurrentHashMap<>();

    private final Map<String, Integer> deferrals = new ConcurrentHashMap<>();
    /** The key each worker has taken, so a worker that dies can give it back. */
    private final Map<Thread, String> taken = new ConcurrentHashMap<>();

    private final AtomicLong deferred = new AtomicLong();

    UpdateQueue(Clock clock) {
        this.clock = clock;
    }

    /** A dialog transaction writes {@code vbkey}: the sweep leaves it alone until {@link #dialogEnded}. */
    void inDialog(String vbkey) {
        inDialog.add(vbkey);
    }

    void dialogEnded(String vbkey) {
        inDialog.remove(vbkey);
    }

    /** Queues {@code vbkey} unless this process already knows it; true when it was queued. */
    boolean offer(String vbkey) {
        if (known.add(vbkey)) {
            queue.add(vbkey);
            return true;
        }
        return false;
    }

    /** Queues the keys a sweep found that no dialog transaction still holds; returns how many were new. */
    int offerAll(List<String> keys) {
        int added = 0;
        for (String k : keys) {
            if (!inDialog.contains(k) && offer(k)) {
                added++;
            }
        }
        return added;
    }

    /** The next key for the calling worker, waiting at most {@code timeoutMillis}; null when none came. */
    String take(long timeoutMillis) throws InterruptedException {
        String k = queue.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (k != null) {
            taken.put(Thread.currentThread(), k);
        }
        return k;
    }

    /** The calling worker is done with {@code vbkey}: this process is no longer responsible for it. */
    void released(String vbkey) {
        taken.remove(Thread.currentThread());
        deferrals.remove(vbkey);
        known.remove(vbkey);
    }

    /** The calling worker's attempt at {@code vbkey} failed transiently: queued again after a back-off. */
    void defer(String vbkey) {
        taken.remove(Thread.currentThread());
        int n = deferrals.merge(vbkey, 1, Integer::sum);
        deferred.incrementAndGet();
        deferredUntil.put(vbkey, clock.nanoTime() + UpdateProcessor.backoffNanos(n + 3));
    }

    /** A worker died: the key it had taken goes back to the sweep. */
    void workerDied(Thread dead) {
        String vbkey = taken.remove(dead);
        if (vbkey != null) {
            known.remove(vbkey);
        }
    }

    /** Queues again the deferred keys whose back-off is over. */
    void requeueDue() {
        long now = clock.nanoTime();
        deferredUntil.forEach((k, until) -> {
            if (now - until >= 0 && deferredUntil.remove(k, until)) {
                queue.add(k);
            }
        });
    }

    /**
     * Blocks until no request is queued, in process or deferred, at most {@code timeout}. A
     * request counts from the moment it is queued until it is released, so a worker that has
     * taken one but not started on it yet keeps the task busy.
     */
    boolean awaitIdle(Duration timeout) throws InterruptedException {
        long deadline = clock.nanoTime() + timeout.toNanos();
        while (!known.isEmpty()) {
            if (clock.nanoTime() - deadline >= 0) {
                return false;
            }
            if (!deferredUntil.isEmpty()) {
                requeueDue();
            }
            Thread.sleep(20);
        }
        return true;
    }

    int length() {
        return queue.size();
    }

    /** Requests waiting for their back-off now. */
    int waiting() {
        return deferredUntil.size();
    }

    /** Deferrals so far. */
    long deferrals() {
        return deferred.get();
    }
}
