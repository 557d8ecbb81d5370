package org.sdbench.protocol.wire;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.locks.ReentrantLock;

/** Frames over one socket: whole frames written under a lock (many senders), read by one reader. */
public final class FrameIO implements AutoCloseable {
    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;
    private final ReentrantLock writeLock = new ReentrantLock();

    public FrameIO(Socket socket) throws IOException {
        this.socket = socket;
        socket.setTcpNoDelay(true);
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream(), 16 * 1024));
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 16 * 1024));
    }

    public Socket socket() {
        return socket;
    }

    public String peer() {
        return String.valueOf(socket.getRemoteSocketAddress());
    }

    public void write(byte type, int id, byte[] body) throws IOException {
        writeLock.lock();
        try {
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
            writeLock.unlock();
        }
    }

    /** The next frame; EOFException when the peer closed the connection. */
    public Frame read() throws IOException {
        int len = in.readInt();
        if (len < 5 || len > Frame.MAX_BYTES) {
            throw new WireException("frame of " + len + " bytes from " + peer() + ": not an sdbench peer, or a corrupted stream");
        }
        byte type = in.readByte();
        int id = in.readInt();
        byte[] body = new byte[len - 5];
        in.readFully(body);
        return new Frame(type, id, body);
    }

    /** Reads with a bound: a silent peer during the handshake must not hold a thread forever. */
    public Frame read(int timeoutMillis) throws IOException {
        int old = socket.getSoTimeout();
        socket.setSoTimeout(timeoutMillis);
        try {
            return read();
        } finally {
            socket.setSoTimeout(old);
        }
    }

    public static boolean isClosed(IOException e) {
        return e instanceof EOFException || socket(e);
    }

    private static boolean socket(IOException e) {
        return e instanceof java.net.SocketException;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing an already broken socket: nothing left to release.
        }
    }
}
