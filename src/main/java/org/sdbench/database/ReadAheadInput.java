package org.sdbench.database;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Reads ahead into one direct buffer of the socket's own. pgjdbc asks for at most its 8 kB buffer's
 * free space, so a 30 kB VBDATA row took up to four reads where the kernel already held more
 * (bench/syscalls.sh: the update work processes' reads fell from 1.94 to 1.50 per dialog step); and a heap
 * array handed to the channel goes through a temporary direct buffer of the JDK's and a second copy.
 */
final class ReadAheadInput extends InputStream {
    /** Where bytes come from: at least one, or -1 at the end of the stream. */
    @FunctionalInterface
    interface Source {
        int read(ByteBuffer dst) throws IOException;
    }

    private final Source source;
    private final Closeable owner;

    private final ByteBuffer ahead;

    /** Reads ahead up to {@code bytes} from {@code source}; closing this stream closes {@code owner}. */
    ReadAheadInput(int bytes, Source source, Closeable owner) {
        this.ahead = ByteBuffer.allocateDirect(bytes).flip();
        this.source = source;
        this.owner = owner;
    }

    @Override
    public int read() throws IOException {
        return fillIfEmpty() ? ahead.get() & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (!fillIfEmpty()) {
            return -1;
        }
        int n = Math.min(len, ahead.remaining());
        ahead.get(b, off, n);
        return n;
    }

    /** Bytes read ahead: pgjdbc asks before it peeks for a pending message. */
    @Override
    public int available() {
        return ahead.remaining();
    }

    /** True with bytes to hand out, false at the end of the stream. */
    private boolean fillIfEmpty() throws IOException {
        // A blocking read returns at least one byte or -1; the short-timeout read throws instead of 0.
        while (!ahead.hasRemaining()) {
            ahead.clear();
            int n;
            try {
                n = source.read(ahead);
            } finally {
                ahead.flip();
            }
            if (n < 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() throws IOException {
        owner.close();
    }
}
