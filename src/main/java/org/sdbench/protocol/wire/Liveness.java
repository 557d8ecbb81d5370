package org.sdbench.protocol.wire;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The bounds that make a silent peer a dead one. Every client sends a heartbeat each
 * {@link #heartbeatMillis} and every server answers it; a connection on which nothing arrives for
 * {@link #silenceMillis} is closed on both sides, so a stopped process (SIGSTOP, a cut link, a host
 * gone without a reset) is declared dead within that bound plus one heartbeat at most. A write
 * blocked longer than {@link #writeMillis} (a peer that stopped reading) closes its connection. A
 * client's handshake has {@link #handshakeMillis} in all.
 */
public record Liveness(long heartbeatMillis, long silenceMillis, long writeMillis, long handshakeMillis) {
    public static final Liveness DEFAULTS = new Liveness(2_000, 10_000, 10_000, 5_000);

    /** How often each connection's watchdog looks: the precision of the silence and write bounds. */
    static final long CHECK_MILLIS = 250;

    // One timer thread for the deadlines and watchdogs of every connection: it holds no state of its own.
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "wire-liveness");
        t.setDaemon(true);
        return t;
    });

    public Liveness {
        positive("heartbeatMillis", heartbeatMillis);
        positive("silenceMillis", silenceMillis);
        positive("writeMillis", writeMillis);
        positive("handshakeMillis", handshakeMillis);
        if (silenceMillis <= heartbeatMillis) {
            throw new IllegalArgumentException("wire silenceMillis = " + silenceMillis
                    + ": must be longer than heartbeatMillis (" + heartbeatMillis
                    + "), or an idle peer is declared dead between two heartbeats");
        }
    }

    private static void positive(String key, long value) {
        if (value < 1) {
            throw new IllegalArgumentException("wire " + key + " = " + value + ": must be at least 1 ms");
        }
    }

    /**
     * The defaults with the JVM system properties {@code sdbench.wire.heartbeatMillis},
     * {@code silenceMillis} and {@code writeMillis} applied: read once, by a process's entry point.
     */
    public static Liveness fromSystemProperties() {
        return new Liveness(
                Long.getLong("sdbench.wire.heartbeatMillis", DEFAULTS.heartbeatMillis),
                Long.getLong("sdbench.wire.silenceMillis", DEFAULTS.silenceMillis),
                Long.getLong("sdbench.wire.writeMillis", DEFAULTS.writeMillis),
                DEFAULTS.handshakeMillis);
    }

    /** Runs one connection's watchdog until cancelled. */
    static ScheduledFuture<?> watch(Runnable check) {
        return TIMER.scheduleWithFixedDelay(check, CHECK_MILLIS, CHECK_MILLIS, TimeUnit.MILLISECONDS);
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
    ScheduledFuture<?> everyHeartbeat(Runnable task) {
        return TIMER.scheduleWithFixedDelay(task, heartbeatMillis, heartbeatMillis, TimeUnit.MILLISECONDS);
    }
}
