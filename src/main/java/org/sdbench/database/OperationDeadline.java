package org.sdbench.database;

import java.io.IOException;
import java.net.SocketTimeoutException;

/**
 * The bound of one socket's current blocking operation, shared by {@link WatchedSocket} and
 * {@link UnixDomainSocket}: the operation records its deadline, {@link SocketWatchdog} calls
 * {@link #expireIfPast} and closes the socket past it, and the failed operation then reports the
 * {@link SocketTimeoutException} a timed socket would have thrown.
 */
final class OperationDeadline {
    private static final long NOT_WAITING = Long.MAX_VALUE;

    private volatile long deadline = NOT_WAITING;
    private volatile boolean expired;

    /** Before a blocking operation; 0 means unbounded. */
    void begin(int timeoutMillis) {
        if (timeoutMillis > 0) {
            deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        }
    }

    /** After the operation, whichever way it ended. */
    void end() {
        deadline = NOT_WAITING;
    }

    /** What the failed operation throws: a timeout when the watchdog closed the socket, else its own error. */
    IOException failure(String timeoutMessage, IOException e) {
        if (!expired) {
            return e;
        }
        var t = new SocketTimeoutException(timeoutMessage);
        t.initCause(e);
        return t;
    }

    /** True (once marked expired) when the operation outlasted its deadline: the caller closes the socket. */
    boolean expireIfPast(long now) {
        long due = deadline;
        if (due != NOT_WAITING && now - due > 0) {
            expired = true;
            return true;
        }
        return false;
    }
}
