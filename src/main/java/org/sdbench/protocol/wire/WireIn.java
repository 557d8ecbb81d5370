package org.sdbench.protocol.wire;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads a frame body written by {@link WireOut}. Every field a codec reads is checked: a short
 * body, a length beyond what is left or beyond the field's bound, a number out of its range or
 * bytes left over are a {@link WireException} naming the field, never an allocation the peer sized.
 */
public final class WireIn {
    private final ByteBuffer b;

    public WireIn(byte[] body) {
        b = ByteBuffer.wrap(body);
    }

    public int u8() {
        try {
            return b.get() & 0xFF;
        } catch (BufferUnderflowException e) {
            throw new WireException("frame body too short");
        }
    }

    public int i32() {
        try {
            return b.getInt();
        } catch (BufferUnderflowException e) {
            throw new WireException("frame body too short");
        }
    }

    public long i64() {
        try {
            return b.getLong();
        } catch (BufferUnderflowException e) {
            throw new WireException("frame body too short");
        }
    }

    public double f64() {
        return Double.longBitsToDouble(i64());
    }

    /** A number in {@code [min, max]}, or a WireException naming the field. */
    public int i32(String field, int min, int max) {
        return check(field, i32(), min, max);
    }

    public int u8(String field, int min, int max) {
        return check(field, u8(), min, max);
    }

    /** A count or total that cannot be negative. */
    public long count(String field) {
        long v = i64();
        if (v < 0) {
            throw new WireException("frame field " + field + " = " + v + ": must not be negative");
        }
        return v;
    }

    public boolean bool(String field) {
        return u8(field, 0, 1) == 1;
    }

    static int check(String field, int v, int min, int max) {
        if (v < min || v > max) {
            throw new WireException("frame field " + field + " = " + v + " is not allowed: " + min + " to " + max);
        }
        return v;
    }

    /** Length-prefixed bytes, bounded by what the frame holds; prefer {@link #bytes(String, int)}. */
    public byte[] bytes() {
        return bytes("bytes", Integer.MAX_VALUE);
    }

    public byte[] bytes(String field, int maxBytes) {
        int len = i32();
        if (len < 0 || len > maxBytes || len > b.remaining()) {
            throw new WireException("frame field " + field + " of " + len + " bytes is not allowed: 0 to "
                    + Math.min(maxBytes, b.remaining()));
        }
        byte[] out = new byte[len];
        b.get(out);
        return out;
    }

    public String str() {
        return new String(bytes(), StandardCharsets.UTF_8);
    }

    public String str(String field, int maxBytes) {
        return new String(bytes(field, maxBytes), StandardCharsets.UTF_8);
    }

    public int remaining() {
        return b.remaining();
    }

    /** The whole body was read: bytes left over mean a peer speaking another dialect. */
    public void end() {
        if (b.hasRemaining()) {
            throw new WireException("frame body has " + b.remaining() + " bytes after its last field");
        }
    }
}
