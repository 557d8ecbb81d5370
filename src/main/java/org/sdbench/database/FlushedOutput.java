package org.sdbench.database;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Holds what is written until {@link #flush()}, then sends it with one system call. pgjdbc
 * buffers its messages in 8 kB and flushes at the end of each request, but writes a larger
 * value (an update request's 30 kB VBDATA block) past its buffer: without this, that request
 * took three {@code write}s, each waking the backend for part of the message. Every pgjdbc
 * request ends with a flush, as anything written through a buffered stream must.
 */
final class FlushedOutput extends OutputStream {
    /** Sends all of the bytes given. */
    @FunctionalInterface
    interface Sink {
        void send(ByteBuffer bytes) throws IOException;
    }

    private final Sink sink;
    private final Closeable owner;

    /** Direct, so that the channel writes from it without a temporary buffer and a second copy. */
    private ByteBuffer pending = ByteBuffer.allocateDirect(16 * 1024);

    /** Sends what is written to {@code sink} at each flush; closing this stream closes {@code owner}. */
    FlushedOutput(Sink sink, Closeable owner) {
        this.sink = sink;
        this.owner = owner;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (pending.remaining() < len) {
            ByteBuffer larger = ByteBuffer.allocateDirect(Math.max(pending.capacity() * 2, pending.position() + len));
            pending = larger.put(pending.flip());
        }
        pending.put(b, off, len);
    }

    @Override
    public void flush() throws IOException {
        pending.flip();
        try {
            sink.send(pending);
        } finally {
            pending.clear();
        }
    }

    @Override
    public void close() throws IOException {
        owner.close();
    }
}
