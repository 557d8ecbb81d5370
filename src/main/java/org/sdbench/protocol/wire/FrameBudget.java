package org.sdbench.protocol.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The memory one listener spends on what its authenticated peers send, shared by all of its
 * connections: each connection's socket buffers and the frames it is reading or being served. A
 * peer may send frames up to {@link Frame#MAX_BYTES}, so a bound per connection alone lets a few
 * hundred of them fill any heap; this budget is a fixed share of the heap instead.
 *
 * <p>A read that does not fit waits, and the smallest request is served first when memory comes
 * back, so a peer sending small frames is never held up behind one sending huge ones. A wait ends
 * after {@link #waitMillis}: then the connection that holds and asks for most is closed (the waiting
 * one itself, if that is it), and the others go on waiting for what it held.
 */
final class FrameBudget {
    /** What every connection costs before it sends a frame: its input and output buffers. */
    static final int CONNECTION_BYTES = 2 * 16 * 1024;
    /** The share of the heap the listener's peers may fill with what they send. */
    static final int HEAP_SHARE = 4;
    /** Enough for the largest frame, whatever the heap. */
    static final long MIN_BYTES = 2L * Frame.MAX_BYTES;

    static final String LOG_KIND = "memory budget";

    private final long capacity;
    private final long waitMillis;
    private final String owner;
    private final LogLimiter log;
    private final List<Account> accounts = new ArrayList<>();
    private long used;

    FrameBudget(long capacity, long waitMillis, String owner, LogLimiter log) {
        this.capacity = capacity;
        this.waitMillis = waitMillis;
        this.owner = owner;
        this.log = log;
    }

    /** A quarter of the heap this JVM may grow to, at least {@link #MIN_BYTES}. */
    static long forHeap(long maxHeapBytes) {
        return Math.max(MIN_BYTES, maxHeapBytes / HEAP_SHARE);
    }

    long capacity() {
        return capacity;
    }

    synchronized long used() {
        return used;
    }

    /** Whether {@code a} waits for memory now. */
    synchronized boolean waiting(Account a) {
        return a.wanted > 0;
    }

    /**
     * A new authenticated connection's account, its buffers paid for; a WireException when the
     * budget has no room and this connection would ask for most.
     */
    Account open(String who, Runnable close) throws InterruptedException {
        Account a = new Account(who, close);
        synchronized (this) {
            accounts.add(a);
        }
        try {
            a.take(CONNECTION_BYTES);
        } catch (WireException | InterruptedException e) {
            a.close();
            throw e;
        }
        return a;
    }

    /** One connection's share: what it holds, what it waits for, and how to close it. */
    final class Account {
        private final String who;
        private final Runnable close;
        private long held;
        private long wanted;
        private boolean evicted;

        private Account(String who, Runnable close) {
            this.who = who;
            this.close = close;
        }

        /** Takes {@code bytes} from the budget, waiting as the class says; the caller then allocates them. */
        void take(long bytes) throws InterruptedException {
            synchronized (FrameBudget.this) {
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
                wanted = bytes;
                try {
                    while (!evicted && (used + bytes > capacity || smallerWaiter())) {
                        long left = deadline - System.nanoTime();
                        if (left > 0) {
                            TimeUnit.NANOSECONDS.timedWait(FrameBudget.this, left);
                            continue;
                        }
                        Account victim = largest(this);
                        victim.evicted = true;
                        log.log(LOG_KIND, refusal(victim));
                        FrameBudget.this.notifyAll();
                        if (victim != this) {
                            // Its memory comes back once its reader has let go of it: closed outside this monitor.
                            Thread.ofVirtual().start(victim.close);
                            deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
                        }
                    }
                    if (evicted) {
                        throw new WireException(refusal(this));
                    }
                    used += bytes;
                    held += bytes;
                } finally {
                    wanted = 0;
                }
            }
        }

        /** Gives back {@code bytes} it took. */
        void give(long bytes) {
            synchronized (FrameBudget.this) {
                long n = Math.min(bytes, held);
                held -= n;
                used -= n;
                FrameBudget.this.notifyAll();
            }
        }

        /** The connection ended: everything it held comes back. */
        void close() {
            synchronized (FrameBudget.this) {
                used -= held;
                held = 0;
                accounts.remove(this);
                FrameBudget.this.notifyAll();
            }
        }

        private long total() {
            return held + wanted;
        }

        /** Another waiter asks for less in all: it goes first. */
        private boolean smallerWaiter() {
            for (Account a : accounts) {
                if (a != this && a.wanted > 0 && !a.evicted && a.total() < total()) {
                    return true;
                }
            }
            return false;
        }
    }

    /** The account that holds and asks for most; on a tie, {@code asking} itself, so no peer is closed for it. */
    private Account largest(Account asking) {
        Account max = asking;
        for (Account a : accounts) {
            if (!a.evicted && a.total() > max.total()) {
                max = a;
            }
        }
        return max;
    }

    private String refusal(Account a) {
        return owner + ": the memory budget for what peers send (" + mib(capacity) + ") is full and " + a.who
                + " holds and asks for most of it (" + String.format(Locale.ROOT, "%,d", a.total())
                + " bytes): closed";
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%,d MiB", bytes >> 20);
    }
}
