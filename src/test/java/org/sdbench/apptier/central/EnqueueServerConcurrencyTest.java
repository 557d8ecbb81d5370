package org.sdbench.apptier.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.sdbench.core.Clock;
import org.sdbench.protocol.enqueue.EnqueueStats;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;

/**
 * Property test: many dialog threads take random locks on a few hot keys, hand some to update
 * threads via transfer, and an independent shadow count per key checks that no two owners ever
 * hold conflicting modes at once. Random bogus releases are mixed in as faults.
 */
class EnqueueServerConcurrencyTest {

    private static final int KEYS = 6;
    private static final int DIALOG_THREADS = 12;
    private static final int UPDATE_THREADS = 3;
    private static final int ROUNDS = 4_000;

    private final EnqueueServer enq = new EnqueueServer(Clock.SYSTEM);
    private final AtomicInteger[] exclusiveShadow = counters();
    private final AtomicInteger[] sharedShadow = counters();
    private final AtomicReference<String> violation = new AtomicReference<>();
    private final AtomicLong grants = new AtomicLong();
    private final LinkedBlockingQueue<Held> updateQueue = new LinkedBlockingQueue<>();
    private final AtomicInteger updateSeq = new AtomicInteger();

    private record Held(LockOwner owner, List<int[]> locks) {}

    @Test
    void lockTransferRelease_manyThreads_noConflictingHoldersAndTableEmptyAtEnd() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(DIALOG_THREADS + UPDATE_THREADS);
        try {
            List<Future<?>> updaters = new ArrayList<>();
            for (int u = 0; u < UPDATE_THREADS; u++) {
                updaters.add(pool.submit(this::updateTask));
            }
            List<Future<?>> dialogs = new ArrayList<>();
            for (int t = 0; t < DIALOG_THREADS; t++) {
                int id = t;
                dialogs.add(pool.submit(() -> dialog(id)));
            }
            for (Future<?> f : dialogs) {
                f.get(2, TimeUnit.MINUTES);
            }
            for (int u = 0; u < UPDATE_THREADS; u++) {
                updateQueue.put(new Held(new LockOwner("stop"), List.of()));
            }
            for (Future<?> f : updaters) {
                f.get(1, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(null, violation.get());
        EnqueueStats s = enq.stats();
        assertEquals(0, s.entries(), "every lock was released or transferred and released");
        assertTrue(s.conflicts() > 100, "the test must actually contend: conflicts=" + s.conflicts());
        assertTrue(grants.get() > 1_000, "grants=" + grants.get());
        for (int k = 0; k < KEYS; k++) {
            assertTrue(enq.lock(new LockOwner("final"), "OBJ", "k" + k, LockMode.EXCLUSIVE)
                    .granted());
        }
    }

    private void dialog(int id) {
        SplittableRandom rnd = new SplittableRandom(id * 7919L);
        LockOwner me = new LockOwner("dialog-" + id);
        for (int round = 0; round < ROUNDS && violation.get() == null; round++) {
            List<int[]> held = new ArrayList<>();
            boolean[] taken = new boolean[KEYS];
            int wanted = 1 + rnd.nextInt(3);
            for (int i = 0; i < wanted; i++) {
                int k = rnd.nextInt(KEYS);
                if (taken[k]) {
                    continue;
                }
                LockMode mode = rnd.nextInt(3) == 0 ? LockMode.EXCLUSIVE : LockMode.SHARED;
                if (enq.lock(me, "OBJ", "k" + k, mode).granted()) {
                    taken[k] = true;
                    held.add(new int[] {k, mode.ordinal()});
                    enterShadow(k, mode, me);
                }
            }
            injectFault(rnd, me);
            spin(rnd.nextInt(200));
            if (held.isEmpty()) {
                continue;
            }
            if (rnd.nextBoolean()) {
                LockOwner upd = new LockOwner("update-" + updateSeq.incrementAndGet());
                enq.transfer(me, upd);
                updateQueue.add(new Held(upd, held));
            } else {
                for (int[] h : held) {
                    leaveShadow(h);
                }
                assertEquals(held.size(), enq.releaseAll(me));
            }
        }
    }

    private void updateTask() {
        try {
            while (true) {
                Held h = updateQueue.take();
                if (h.owner.id().equals("stop")) {
                    return;
                }
                spin(100);
                for (int[] l : h.locks) {
                    leaveShadow(l);
                }
                if (enq.releaseAll(h.owner) != h.locks.size()) {
                    violation.compareAndSet(null, h.owner + " released a different number of locks than transferred");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Faults: releases of things never held must be refused and must not disturb anyone. */
    private void injectFault(SplittableRandom rnd, LockOwner me) {
        switch (rnd.nextInt(8)) {
            case 0 -> enq.release(new LockOwner("ghost"), "OBJ", "k" + rnd.nextInt(KEYS));
            case 1 -> enq.releaseAll(new LockOwner("ghost"));
            case 2 -> enq.release(me, "OBJ", "not-held", LockMode.EXCLUSIVE);
            case 3 -> enq.transfer(new LockOwner("ghost"), me);
            default -> {}
        }
    }

    private void enterShadow(int k, LockMode mode, LockOwner who) {
        grants.incrementAndGet();
        if (mode == LockMode.EXCLUSIVE) {
            int e = exclusiveShadow[k].incrementAndGet();
            int s = sharedShadow[k].get();
            if (e != 1 || s != 0) {
                violation.compareAndSet(null, who + " got E on k" + k + " while E=" + e + " S=" + s);
            }
        } else {
            sharedShadow[k].incrementAndGet();
            int e = exclusiveShadow[k].get();
            if (e != 0) {
                violation.compareAndSet(null, who + " got S on k" + k + " while E=" + e);
            }
        }
    }

    private void leaveShadow(int[] h) {
        (h[1] == LockMode.EXCLUSIVE.ordinal() ? exclusiveShadow : sharedShadow)[h[0]].decrementAndGet();
    }

    private static void spin(int n) {
        for (int i = 0; i < n; i++) {
            Thread.onSpinWait();
        }
    }

    private static AtomicInteger[] counters() {
        AtomicInteger[] a = new AtomicInteger[KEYS];
        for (int i = 0; i < KEYS; i++) {
            a[i] = new AtomicInteger();
        }
        return a;
    }
}
