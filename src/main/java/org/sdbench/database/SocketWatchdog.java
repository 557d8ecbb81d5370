package org.sdbench.database;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Enforces the connect and read bounds of {@link WatchedSocket}s and {@link UnixDomainSocket}s from one platform thread, so the
 * sockets themselves never use a timed operation. The JDK switches a socket to non-blocking mode for
 * good once a timed connect or read used it, and from then on every read costs a failed read, a poll
 * and the real read; a blocking socket costs one read. Bounds are enforced within one scan period.
 */
final class SocketWatchdog {
    /** How often the watchdog looks at the sockets: the precision of every bound it enforces. */
    static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private static final SocketWatchdog INSTANCE = new SocketWatchdog(true);

    /** A socket whose pending connect or read the watchdog ends once its deadline passed. */
    interface Watched {
        /** Closes the socket when an operation is pending and its deadline lies before {@code now}. */
        void expireIfPast(long now);
    }

    private final Set<Watched> sockets = ConcurrentHashMap.newKeySet();

    /** @param scanning false for a watchdog that only scans when a test calls {@link #scan}. */
    SocketWatchdog(boolean scanning) {
        if (scanning) {
            // A daemon: it holds no resource and must not keep a finished run's JVM alive.
            Thread.ofPlatform().daemon().name("sdbench-socket-watchdog").start(this::loop);
        }
    }

    static SocketWatchdog instance() {
        return INSTANCE;
    }

    void register(Watched s) {
        sockets.add(s);
    }

    void unregister(Watched s) {
        sockets.remove(s);
    }

    int watched() {
        return sockets.size();
    }

    private void loop() {
        while (true) {
            LockSupport.parkNanos(PERIOD_NANOS);
            scan(System.nanoTime());
        }
    }

    /** Closes every socket whose pending operation passed its deadline; visible for tests. */
    void scan(long now) {
        for (Watched s : sockets) {
            s.expireIfPast(now);
        }
    }
}
