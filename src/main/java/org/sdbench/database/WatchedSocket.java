package org.sdbench.database;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;

/**
 * A socket that stays in blocking mode (one system call per read) while still honouring pgjdbc's
 * connect timeout and {@code SO_TIMEOUT}: it records a deadline before each bounded operation and
 * {@link SocketWatchdog} closes the socket once that deadline passes. The blocked call then fails with
 * the {@link SocketTimeoutException} a timed socket would have thrown, so callers see no difference.
 * Timeouts shorter than the watchdog's period (pgjdbc's 1 ms peek for pending messages, during COPY
 * and for notifications) are handed to the real socket: the watchdog could not honour them.
 */
final class WatchedSocket extends Socket implements SocketWatchdog.Watched {

    private final SocketWatchdog watchdog;
    private final OperationDeadline bound = new OperationDeadline();
    private volatile int readTimeoutMillis;
    private volatile InputStream in;

    WatchedSocket(SocketWatchdog watchdog) {
        this.watchdog = watchdog;
        watchdog.register(this);
    }

    @Override
    public void connect(SocketAddress endpoint, int timeoutMillis) throws IOException {
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("connect timeout " + timeoutMillis + " ms: must be >= 0");
        }
        bound.begin(timeoutMillis);
        try {
            super.connect(endpoint, 0);
        } catch (IOException e) {
            throw bound.failure("Connect timed out", e);
        } finally {
            bound.end();
        }
    }

    @Override
    public void setSoTimeout(int timeoutMillis) throws SocketException {
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("timeout " + timeoutMillis + " ms: must be >= 0");
        }
        boolean tooShort = timeoutMillis > 0 && timeoutMillis * 1_000_000L < SocketWatchdog.PERIOD_NANOS;
        super.setSoTimeout(tooShort ? timeoutMillis : 0);
        readTimeoutMillis = tooShort ? 0 : timeoutMillis;
    }

    @Override
    public int getSoTimeout() throws SocketException {
        int own = readTimeoutMillis;
        return own > 0 ? own : super.getSoTimeout();
    }

    @Override
    public InputStream getInputStream() throws IOException {
        // Racing callers may each wrap the stream once: harmless, the bound's state is the socket's.
        InputStream wrapped = in;
        if (wrapped == null) {
            wrapped = new WatchedInput(super.getInputStream());
            in = wrapped;
        }
        return wrapped;
    }

    @Override
    public void close() throws IOException {
        watchdog.unregister(this);
        super.close();
    }

    @Override
    public void expireIfPast(long now) {
        if (bound.expireIfPast(now)) {
            try {
                super.close();
            } catch (IOException closeFailed) {
                // Closing is the abort itself; a socket that cannot even close is already unusable.
            }
            watchdog.unregister(this);
        }
    }

    /** Bounds every read by the socket's read timeout; a read is where a stalled server leaves us. */
    private final class WatchedInput extends FilterInputStream {
        WatchedInput(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            bound.begin(readTimeoutMillis);
            try {
                return super.read();
            } catch (IOException e) {
                throw bound.failure("Read timed out", e);
            } finally {
                bound.end();
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            bound.begin(readTimeoutMillis);
            try {
                return in.read(b, off, len);
            } catch (IOException e) {
                throw bound.failure("Read timed out", e);
            } finally {
                bound.end();
            }
        }
    }
}
