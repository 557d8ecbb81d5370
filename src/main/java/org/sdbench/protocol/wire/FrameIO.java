package org.sdbench.protocol.wire;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.util.Arrays;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Frames over one socket: whole frames written under a lock (many senders), read by one reader.
 * A write that blocks longer than {@link Liveness#writeMillis} closes the connection, so no
 * sender waits on the lock behind a peer that stopped reading.
 */
public final class FrameIO implements AutoCloseable {
    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final Liveness liveness;
    private final ScheduledFuture<?> watchdog;
    private volatile long writingSince;
    private volatile long lastRead = System.nanoTime();
    private volatile long silenceNanos;
    private volatile boolean silent;
    private volatile boolean stuck;
    /** Where a listener's connection takes the memory for the frames it reads; null: a client's, unbudgeted. */
    private volatile FrameBudget.Account budget;
    /** What a frame body takes before its bytes arrived; it doubles as they do. */
    static final int CHUNK_BYTES = 64 * 1024;

    /** With the default liveness bounds (tests, tools). */
    public FrameIO(Socket socket) throws IOException {
        this(socket, Liveness.DEFAULTS);
    }

    public FrameIO(Socket socket, Liveness liveness) throws IOException {
        this.socket = socket;
        this.liveness = liveness;
        socket.setTcpNoDelay(true);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 16 * 1024));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 16 * 1024));
        long writeNanos = TimeUnit.MILLISECONDS.toNanos(liveness.writeMillis());
        this.watchdog = Liveness.watch(() -> {
            long now = System.nanoTime();
            closeIfStuck(now, writeNanos);
            closeIfSilent(now);
        });
    }

    public Liveness liveness() {
        return liveness;
    }

    public Socket socket() {
        return socket;
    }

    public String peer() {
        return String.valueOf(socket.getRemoteSocketAddress());
    }

    public void write(FrameType type, int id, byte[] body) throws IOException {
        write(type.code(), id, body);
    }

    /** Any code, known or not: tests play a peer of another version. */
    void write(byte type, int id, byte[] body) throws IOException {
        writeLock.lock();
        try {
            writingSince = System.nanoTime() | 1;
            out.writeInt(5 + body.length);
            out.writeByte(type);
            out.writeInt(id);
            out.write(body);
            // A sender queued behind this one flushes both frames with one system call; the last
            // sender in the queue always finds it empty, so no frame stays in the buffer.
            if (!writeLock.hasQueuedThreads()) {
                out.flush();
            }
        } finally {
            writingSince = 0;
            writeLock.unlock();
        }
    }

    /**
     * Tells a peer still in its handshake why it goes, then closes. The peer was sent a few hundred
     * bytes at most, so the frame fits the socket's buffer and the write does not wait for the peer;
     * the handshake's deadline closes the connection in any case.
     */
    void refuseAndClose(String why) {
        try {
            write(FrameType.REFUSED, 0, new Control.Error(why).encode());
        } catch (IOException e) {
            // Gone already: closed below all the same.
        }
        close();
    }

    /**
     * Closes this connection once nothing arrived for {@code millis}: a watchdog, not a socket read
     * timeout, which would cost a poll system call per frame on every reader.
     */
    void closeWhenSilentFor(long millis) {
        lastRead = System.nanoTime();
        silenceNanos = TimeUnit.MILLISECONDS.toNanos(millis);
    }

    /** True when the watchdog closed this connection for silence. */
    boolean closedForSilence() {
        return silent;
    }

    void closeIfSilent(long now) {
        long limit = silenceNanos;
        if (limit > 0 && now - lastRead > limit && !stuck) {
            silent = true;
            close();
        }
    }

    /** Closes this connection when a write has been blocked longer than {@code nanos}. */
    void closeIfStuck(long now, long nanos) {
        long since = writingSince;
        if (since != 0 && now - since > nanos) {
            // Decided before the close: the writer that fails on the closed socket can then tell why.
            stuck = true;
            close();
        }
    }

    /** True when the watchdog closed this connection for a write the peer did not take. */
    boolean closedForStuckWrite() {
        return stuck;
    }

    /** When the last frame arrived ({@link System#nanoTime()}). */
    long lastRead() {
        return lastRead;
    }

    /** The next frame; EOFException when the peer closed the connection. */
    public Frame read() throws IOException {
        return readAtMost(Frame.MAX_BYTES);
    }

    /** From now on each frame's memory is taken from {@code account} before it is allocated. */
    void budget(FrameBudget.Account account) {
        budget = account;
    }

    /** A frame this connection read was served: its memory goes back to the listener's budget. */
    void served(Frame f) {
        FrameBudget.Account a = budget;
        if (a != null) {
            a.give(f.body().length);
        }
    }

    /** The next frame of at most {@code maxBytes}: the length is checked before anything is allocated. */
    public Frame readAtMost(int maxBytes) throws IOException {
        int len = in.readInt();
        if (len < 5 || len > maxBytes) {
            throw new WireException("frame of " + len + " bytes from " + peer() + " is not allowed (5 to " + maxBytes
                    + "): not an sdbench peer, or a corrupted stream");
        }
        byte type = in.readByte();
        int id = in.readInt();
        FrameType t = FrameType.of(type)
                .orElseThrow(() -> new WireException(
                        "frame type " + type + " from " + peer() + " is unknown: a peer of another sdbench version?"));
        byte[] body = readBody(in, len - 5, budget);
        lastRead = System.nanoTime();
        return new Frame(t, id, body);
    }

    /**
     * The body, its memory taken as its bytes arrive: a header announcing 4 MiB costs one chunk
     * until the peer really sends more, so connections that announce big frames and stall hold
     * next to nothing.
     */
    static byte[] readBody(DataInputStream in, int size) throws IOException {
        return readBody(in, size, null);
    }

    /**
     * The same, each allocation first taken from {@code budget} (when there is one): the copy that
     * doubles the body holds both for a moment, so the new size is taken before and the old given back
     * after. What a frame holds when its read fails comes back when its connection's account closes.
     */
    static byte[] readBody(DataInputStream in, int size, FrameBudget.Account budget) throws IOException {
        int first = Math.min(size, CHUNK_BYTES);
        take(budget, first);
        byte[] body = new byte[first];
        int have = 0;
        while (true) {
            in.readFully(body, have, body.length - have);
            have = body.length;
            if (have == size) {
                return body;
            }
            int next = (int) Math.min(size, 2L * have);
            take(budget, next);
            body = Arrays.copyOf(body, next);
            if (budget != null) {
                budget.give(have);
            }
        }
    }

    private static void take(FrameBudget.Account budget, int bytes) throws IOException {
        if (budget == null || bytes == 0) {
            return;
        }
        try {
            budget.take(bytes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the memory budget");
        }
    }

    /** Reads with a bound per read (tests and tools); the handshake's overall bound is {@link Liveness#deadline}. */
    public Frame read(int timeoutMillis) throws IOException {
        return read(timeoutMillis, Frame.MAX_BYTES);
    }

    /** Reads with a bound per read and on the size. */
    public Frame read(int timeoutMillis, int maxBytes) throws IOException {
        int old = socket.getSoTimeout();
        socket.setSoTimeout(timeoutMillis);
        try {
            return readAtMost(maxBytes);
        } finally {
            socket.setSoTimeout(old);
        }
    }

    public static boolean isClosed(IOException e) {
        return e instanceof EOFException || socket(e);
    }

    private static boolean socket(IOException e) {
        return e instanceof SocketException;
    }

    @Override
    public void close() {
        watchdog.cancel(false);
        try {
            socket.close();
        } catch (IOException e) {
            // Closing an already broken socket: nothing left to release.
        }
    }
}
