package org.sdbench.protocol.wire;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The bounds that make a silent peer a dead one. Every client sends a heartbeat each
 * {@link #HEARTBEAT_MILLIS} and every server answers it; a connection on which nothing arrives for
 * {@link #SILENCE_MILLIS} is closed on both sides, so a stopped process (SIGSTOP, a cut link, a
 * host gone without a reset) is declared dead within that bound plus one heartbeat at most. A
 * write blocked longer than {@link #WRITE_MILLIS} (a peer that stopped reading) closes its connection.
 */
public final class Liveness {
    public static final long HEARTBEAT_MILLIS = Long.getLong("sdbench.wire.heartbeatMillis", 2_000);
    public static final int SILENCE_MILLIS = Integer.getInteger("sdbench.wire.silenceMillis", 10_000);
    public static final long WRITE_MILLIS = Long.getLong("sdbench.wire.writeMillis", 10_000);
    /** The whole handshake, however its bytes arrive. */
    public static final long HANDSHAKE_MILLIS = 5_000;

    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "wire-liveness");
        t.setDaemon(true);
        return t;
    });
    private static final Set<FrameIO> WRITING = ConcurrentHashMap.newKeySet();

    static {
        TIMER.scheduleWithFixedDelay(Liveness::closeStuckOrSilent, 250, 250, TimeUnit.MILLISECONDS);
    }

    private Liveness() {}

    static void watch(FrameIO io) {
        WRITING.add(io);
    }

    static void unwatch(FrameIO io) {
        WRITING.remove(io);
    }

    private static void closeStuckOrSilent() {
        long now = System.nanoTime();
        for (FrameIO io : WRITING) {
            io.closeIfStuck(now, TimeUnit.MILLISECONDS.toNanos(WRITE_MILLIS));
            io.closeIfSilent(now);
        }
    }

    /** Closes the connection at the deadline unless cancelled first: trickled bytes cannot stretch a bound. */
    static Deadline deadline(FrameIO io, long millis) {
        AtomicBoolean expired = new AtomicBoolean();
        return new Deadline(
                expired,
                TIMER.schedule(
                        () -> {
                            // Decided before the close: a reader that fails on the closed socket can then tell why.
                            expired.set(true);
                            io.close();
                        },
                        millis,
                        TimeUnit.MILLISECONDS));
    }

    /** A bound on one exchange; {@link #expired} is true from the moment it fires, before the connection is closed. */
    record Deadline(AtomicBoolean fired, ScheduledFuture<?> task) {
        boolean expired() {
            return fired.get();
        }

        void cancel() {
            task.cancel(false);
        }
    }

    /** Runs {@code task} every heartbeat interval until cancelled. */
    static ScheduledFuture<?> everyHeartbeat(Runnable task) {
        return TIMER.scheduleWithFixedDelay(task, HEARTBEAT_MILLIS, HEARTBEAT_MILLIS, TimeUnit.MILLISECONDS);
    }
}
