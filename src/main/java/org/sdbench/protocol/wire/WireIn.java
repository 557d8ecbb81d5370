package org.sdbench.protocol.wire;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Reads a frame body written by {@link WireOut}; a short or malformed body is a {@link WireException}. */
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

    public byte[] bytes() {
        int len = i32();
        if (len < 0 || len > b.remaining()) {
            throw new WireException("frame field length " + len + " exceeds the " + b.remaining() + " bytes left");
        }
        byte[] out = new byte[len];
        b.get(out);
        return out;
    }

    public String str() {
        return new String(bytes(), StandardCharsets.UTF_8);
    }
}
