package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** One budget for what every connection of a listener reads: who waits, who goes first, who is closed. */
class FrameBudgetTest {
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final LogLimiter limiter = new LogLimiter(log::add, System::nanoTime, 20, 10_000_000_000L);

    private static final long CONN = FrameBudget.CONNECTION_BYTES;

    /** A connection whose close gives back its account, as a listener's reader thread does when its socket closes. */
    private static FrameBudget.Account open(FrameBudget b, String who, List<String> closed)
            throws InterruptedException {
        AtomicReference<FrameBudget.Account> self = new AtomicReference<>();
        FrameBudget.Account a = b.open(who, () -> {
            closed.add(who);
            self.get().close();
        });
        self.set(a);
        return a;
    }

    @Test
    void forHeap_smallAndLargeHeaps_aQuarterButAlwaysTheLargestFrameTwice() {
        assertEquals(FrameBudget.MIN_BYTES, FrameBudget.forHeap(16 << 20));
        assertEquals(256L << 20, FrameBudget.forHeap(1L << 30));
    }

    @Test
    void take_budgetFull_waitsThenClosesTheConnectionHoldingMost() throws Exception {
        List<String> closed = new CopyOnWriteArrayList<>();
        FrameBudget b = new FrameBudget(3 * CONN + 1_000, 200, "test listener", limiter);
        var big = open(b, "big", closed);
        var small = open(b, "small", closed);
        big.take(900);
        var asking = open(b, "asking", closed);
        long t0 = System.nanoTime();
        asking.take(500);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertEquals(List.of("big"), closed);
        assertTrue(ms >= 150, "it waited first: " + ms + " ms");
        assertEquals(2 * CONN + 500, b.used());
        assertTrue(log.get(0).contains("big holds and asks for most"), log.toString());
        small.close();
        asking.close();
        assertEquals(0, b.used());
    }

    @Test
    void take_askingForMostItself_refusedAndNobodyElseClosed() throws Exception {
        List<String> closed = new CopyOnWriteArrayList<>();
        FrameBudget b = new FrameBudget(2 * CONN + 1_000, 100, "test listener", limiter);
        var holder = open(b, "holder", closed);
        holder.take(600);
        var greedy = open(b, "greedy", closed);
        var e = assertThrows(WireException.class, () -> greedy.take(900));
        assertTrue(e.getMessage().contains("greedy holds and asks for most"), e.getMessage());
        assertTrue(closed.isEmpty(), "nobody else pays for it: " + closed);
        assertEquals(2 * CONN + 600, b.used(), "what it asked for was never taken");
    }

    /** When memory comes back, the smallest request goes first: a peer of small frames never waits behind huge ones. */
    @Test
    void give_twoWaiting_theSmallerRequestServedFirst() throws Exception {
        List<String> closed = new CopyOnWriteArrayList<>();
        FrameBudget b = new FrameBudget(3 * CONN + 1_000, 60_000, "test listener", limiter);
        var holder = open(b, "holder", closed);
        var huge = open(b, "huge", closed);
        var tiny = open(b, "tiny", closed);
        holder.take(1_000);
        List<String> order = new CopyOnWriteArrayList<>();
        var hugeDone = CompletableFuture.runAsync(() -> take(huge, 800, order, "huge"), FrameBudgetTest::thread);
        awaitWaiting(b, huge);
        var tinyDone = CompletableFuture.runAsync(() -> take(tiny, 100, order, "tiny"), FrameBudgetTest::thread);
        awaitWaiting(b, tiny);
        holder.give(200);
        tinyDone.get(10, TimeUnit.SECONDS);
        assertFalse(hugeDone.isDone(), "the huge one still waits");
        holder.give(800);
        hugeDone.get(10, TimeUnit.SECONDS);
        assertEquals(List.of("tiny", "huge"), order);
        assertTrue(closed.isEmpty());
    }

    /** A thread of its own per waiter: the common pool may have one worker on a small host. */
    private static void thread(Runnable r) {
        Thread.ofPlatform().daemon().start(r);
    }

    private static void take(FrameBudget.Account a, long bytes, List<String> order, String who) {
        try {
            a.take(bytes);
            order.add(who);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Until {@code a} waits in the budget: a condition, polled. */
    private static void awaitWaiting(FrameBudget b, FrameBudget.Account a) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!b.waiting(a)) {
            assertTrue(System.nanoTime() < deadline, "never waited");
            Thread.onSpinWait();
        }
    }
}
