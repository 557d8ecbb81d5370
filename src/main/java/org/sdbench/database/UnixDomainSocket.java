package org.sdbench.database;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * A {@link java.net.Socket} for pgjdbc over a Unix-domain socket channel, to a PostgreSQL server on
 * this machine. On loopback TCP each round trip also runs the receiver's TCP path inside the sender's
 * system calls; a Unix-domain socket skips it. The TCP address pgjdbc asks for is ignored: the
 * factory only hands these out once it proved that the socket file reaches the same server.
 *
 * <p>Once connected, the channel is non-blocking and waits for an answer in a selector of its own
 * (epoll), not in a blocking {@code read}. A reader blocked in {@code read} on a Unix-domain stream
 * socket is also woken each time the peer takes a message off the socket (the kernel's write-space
 * wake-up shares the wait queue and is not filtered by event), so a client that blocked before the
 * backend read its request slept twice per round trip: 1.7 voluntary context switches per round trip
 * against 0.98 over TCP (EPYC host, floor with 280 us of server work per round trip). An
 * epoll wait is woken only for input.
 *
 * <p>Bounds work as in {@link WatchedSocket}: {@link SocketWatchdog} closes the socket when a connect,
 * a wait for an answer, or a wait to write outlasts its deadline, which wakes the waiting thread.
 * Timeouts shorter than the watchdog's period (pgjdbc's 1 ms peek for pending messages during COPY)
 * are the selector's own timeout and leave the socket usable, as a timed socket would.
 */
final class UnixDomainSocket extends Socket implements SocketWatchdog.Watched {
    /** Room for a whole update request's answer (a 30 kB VBDATA row) in one system call. */
    private static final int READ_AHEAD_BYTES = 64 * 1024;
    /** The socket has one key, so a ready key needs no handling beyond being counted. */
    private static final Consumer<SelectionKey> NO_ACTION = readyKey -> {};

    private final Path path;
    private final SocketWatchdog watchdog;
    private final SocketChannel channel;
    private final InputStream in = new ReadAheadInput(READ_AHEAD_BYTES, this::read, this);
    private final OutputStream out = new FlushedOutput(this::send, this);
    private final OperationDeadline bound = new OperationDeadline();
    /** Opened with the connection: waits for input, or for room to write when the socket's buffer is full. */
    private Selector selector;

    private SelectionKey key;
    /** A request went out and no byte of its answer came back yet: wait before reading, not after a failed read. */
    private boolean answerDue;

    private volatile int readTimeoutMillis;
    private volatile int shortTimeoutMillis;
    private boolean tcpNoDelay;
    private boolean keepAlive;

    UnixDomainSocket(Path path, SocketWatchdog watchdog) throws IOException {
        this.path = path;
        this.watchdog = watchdog;
        this.channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        watchdog.register(this);
    }

    @Override
    public void connect(SocketAddress ignoredTcpEndpoint) throws IOException {
        connect(ignoredTcpEndpoint, 0);
    }

    @Override
    public void connect(SocketAddress ignoredTcpEndpoint, int timeoutMillis) throws IOException {
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("connect timeout " + timeoutMillis + " ms: must be >= 0");
        }
        bound.begin(timeoutMillis);
        try {
            channel.connect(UnixDomainSocketAddress.of(path));
        } catch (IOException e) {
            throw bound.failure("Connect timed out", e);
        } finally {
            bound.end();
        }
        channel.configureBlocking(false);
        selector = Selector.open();
        key = channel.register(selector, SelectionKey.OP_READ);
    }

    @Override
    public void bind(SocketAddress local) {
        // pgjdbc binds only when told a local TCP address (localSocketAddress), which means nothing here.
    }

    @Override
    public boolean isConnected() {
        return channel.isConnected();
    }

    @Override
    public boolean isBound() {
        return channel.isConnected();
    }

    @Override
    public boolean isClosed() {
        return !channel.isOpen();
    }

    @Override
    public InputStream getInputStream() throws IOException {
        requireOpen();
        return in;
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        requireOpen();
        return out;
    }

    @Override
    public void setSoTimeout(int timeoutMillis) throws SocketException {
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("timeout " + timeoutMillis + " ms: must be >= 0");
        }
        boolean tooShort = timeoutMillis > 0 && timeoutMillis * 1_000_000L < SocketWatchdog.PERIOD_NANOS;
        shortTimeoutMillis = tooShort ? timeoutMillis : 0;
        readTimeoutMillis = tooShort ? 0 : timeoutMillis;
    }

    @Override
    public int getSoTimeout() {
        return shortTimeoutMillis > 0 ? shortTimeoutMillis : readTimeoutMillis;
    }

    @Override
    public void setTcpNoDelay(boolean on) {
        tcpNoDelay = on; // no Nagle on a Unix-domain socket: remembered only for getTcpNoDelay
    }

    @Override
    public boolean getTcpNoDelay() {
        return tcpNoDelay;
    }

    @Override
    public void setKeepAlive(boolean on) {
        keepAlive = on; // a peer on this machine cannot vanish silently: its socket closes with it
    }

    @Override
    public boolean getKeepAlive() {
        return keepAlive;
    }

    @Override
    public void setSendBufferSize(int size) throws SocketException {
        option(StandardSocketOptions.SO_SNDBUF, size);
    }

    @Override
    public int getSendBufferSize() throws SocketException {
        return option(StandardSocketOptions.SO_SNDBUF);
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        option(StandardSocketOptions.SO_RCVBUF, size);
    }

    @Override
    public int getReceiveBufferSize() throws SocketException {
        return option(StandardSocketOptions.SO_RCVBUF);
    }

    @Override
    public void shutdownInput() throws IOException {
        channel.shutdownInput();
    }

    @Override
    public void shutdownOutput() throws IOException {
        channel.shutdownOutput();
    }

    @Override
    public void close() throws IOException {
        watchdog.unregister(this);
        try {
            channel.close();
        } finally {
            closeSelector();
        }
    }

    /** Wakes a thread waiting in it; a registered channel's descriptor is released only now. */
    private void closeSelector() throws IOException {
        Selector sel = selector;
        if (sel != null) {
            sel.close();
        }
    }

    @Override
    public String toString() {
        return "UnixDomainSocket[" + path + "]";
    }

    @Override
    public void expireIfPast(long now) {
        if (bound.expireIfPast(now)) {
            try {
                channel.close();
                closeSelector();
            } catch (IOException closeFailed) {
                // Closing is the abort itself; a channel that cannot even close is already unusable.
            }
            watchdog.unregister(this);
        }
    }

    private void option(SocketOption<Integer> name, int value) throws SocketException {
        try {
            channel.setOption(name, value);
        } catch (IOException e) {
            throw asSocketException(e);
        }
    }

    private int option(SocketOption<Integer> name) throws SocketException {
        try {
            return channel.getOption(name);
        } catch (IOException e) {
            throw asSocketException(e);
        }
    }

    private static SocketException asSocketException(IOException e) {
        if (e instanceof SocketException se) {
            return se;
        }
        var se = new SocketException(e.getMessage());
        se.initCause(e);
        return se;
    }

    private void requireOpen() throws SocketException {
        if (!channel.isOpen()) {
            throw new SocketException("Socket is closed");
        }
    }

    private int read(ByteBuffer dst) throws IOException {
        int shortTimeout = shortTimeoutMillis;
        long shortDeadline = shortTimeout > 0 ? System.nanoTime() + shortTimeout * 1_000_000L : 0;
        // Right after a request the answer is almost never there yet: a read would only fail first.
        boolean wait = answerDue;
        while (true) {
            if (wait) {
                if (shortTimeout > 0) {
                    if (!awaitWithin(SelectionKey.OP_READ, shortDeadline)) {
                        throw new SocketTimeoutException("Read timed out");
                    }
                } else {
                    await(SelectionKey.OP_READ, "Read timed out");
                }
            }
            int n = channel.read(dst);
            if (n != 0) {
                answerDue = false;
                return n;
            }
            wait = true;
        }
    }

    /** Waits until the channel is ready for {@code op}, bounded by the read timeout through the watchdog. */
    private void await(int op, String timeoutMessage) throws IOException {
        bound.begin(readTimeoutMillis);
        try {
            while (!select(op, 0)) {
                // Woken without the event (the selector's wake-up): look again.
            }
        } catch (IOException e) {
            throw bound.failure(timeoutMessage, e);
        } finally {
            bound.end();
        }
    }

    /** Waits until the channel is ready for {@code op} or {@code deadline} (System.nanoTime) passed; false then. */
    private boolean awaitWithin(int op, long deadline) throws IOException {
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            if (select(op, Math.max(1, (left + 999_999) / 1_000_000))) {
                return true;
            }
        }
    }

    /**
     * One wait in the selector for {@code op}, up to {@code timeoutMillis} (0: no limit). An interrupt
     * closes the socket, as it does a blocking channel's read; a close by another thread (the
     * watchdog, a pool's abort) closes the selector, which ends the wait.
     */
    private boolean select(int op, long timeoutMillis) throws IOException {
        try {
            if (key.interestOps() != op) {
                key.interestOps(op);
            }
            // The action form counts the ready key without adding it to the selected-key set: the set's
            // add (a new HashMap node) and clear per wait were 2 % of the work processes' CPU (perf, EPYC host).
            int ready = selector.select(NO_ACTION, timeoutMillis);
            if (Thread.currentThread().isInterrupted()) {
                close();
                throw new ClosedByInterruptException();
            }
            return ready > 0;
        } catch (ClosedSelectorException | CancelledKeyException e) {
            var closed = new AsynchronousCloseException();
            closed.initCause(e);
            throw closed;
        }
    }

    /** Sends all of {@code bytes}, waiting for room while the socket's buffer is full; then an answer is due. */
    private void send(ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            if (channel.write(bytes) == 0) {
                // The socket's buffer is full: the backend is not reading (yet).
                await(SelectionKey.OP_WRITE, "Write timed out");
            }
        }
        answerDue = true;
    }
}
