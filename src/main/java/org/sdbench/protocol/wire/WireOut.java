package org.sdbench.protocol.wire;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Builds a frame body: big-endian numbers and length-prefixed UTF-8 strings. */
public final class WireOut {
    private byte[] buf;
    private int n;

    public WireOut() {
        this(64);
    }

    public WireOut(int capacity) {
        buf = new byte[capacity];
    }

    private void room(int more) {
        if (n + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, n + more));
        }
    }

    public WireOut u8(int v) {
        room(1);
        buf[n++] = (byte) v;
        return this;
    }

    public WireOut i32(int v) {
        room(4);
        buf[n++] = (byte) (v >>> 24);
        buf[n++] = (byte) (v >>> 16);
        buf[n++] = (byte) (v >>> 8);
        buf[n++] = (byte) v;
        return this;
    }

    public WireOut i64(long v) {
        i32((int) (v >>> 32));
        return i32((int) v);
    }

    public WireOut f64(double v) {
        return i64(Double.doubleToRawLongBits(v));
    }

    public WireOut bytes(byte[] b) {
        i32(b.length);
        room(b.length);
        System.arraycopy(b, 0, buf, n, b.length);
        n += b.length;
        return this;
    }

    public WireOut str(String s) {
        return bytes(s == null ? new byte[0] : s.getBytes(StandardCharsets.UTF_8));
    }

    public byte[] toBytes() {
        return Arrays.copyOf(buf, n);
    }
}
