package org.sdbench.protocol.wire;

/** The messages any peer may exchange: ping and pong, a bare OK, a count, a flag and an error. */
public final class Control {
    private Control() {}

    /** PING: answer with a pong of {@code replyBytes}; the padding makes the request a realistic size. */
    public record Ping(int replyBytes, int padBytes) {
        public Ping {
            WireIn.check("ping.replyBytes", replyBytes, 0, Limits.PING_BYTES);
            WireIn.check("ping.padBytes", padBytes, 0, Limits.PING_BYTES);
        }

        public byte[] encode() {
            return new WireOut(padBytes + 12)
                    .i32(replyBytes)
                    .bytes(new byte[padBytes])
                    .toBytes();
        }

        public static Ping decode(byte[] body) {
            WireIn in = new WireIn(body);
            int reply = in.i32("ping.replyBytes", 0, Limits.PING_BYTES);
            int pad = in.bytes("ping.padding", Limits.PING_BYTES).length;
            in.end();
            return new Ping(reply, pad);
        }

        /** The PONG body answering this ping. */
        public byte[] pong() {
            return new WireOut(replyBytes + 8).bytes(new byte[replyBytes]).toBytes();
        }

        /** The size a PONG body says it carries. */
        public static int pongBytes(byte[] body) {
            WireIn in = new WireIn(body);
            int n = in.bytes("pong.payload", Limits.PING_BYTES).length;
            in.end();
            return n;
        }
    }

    /** ERROR and REFUSED: one line saying why. */
    public record Error(String message) {
        public byte[] encode() {
            String m = message == null ? "" : message;
            if (m.length() > Limits.TEXT_BYTES / 4) {
                m = m.substring(0, Limits.TEXT_BYTES / 4);
            }
            return new WireOut().str(m).toBytes();
        }

        public static Error decode(byte[] body) {
            WireIn in = new WireIn(body);
            String m = in.str("error.message", Limits.TEXT_BYTES);
            in.end();
            return new Error(m);
        }
    }

    /** OK with no body: LOGON, ABANDON, LOGOFF, REGISTER, RUN_SETTINGS, HEARTBEAT. */
    public static final byte[] EMPTY = new byte[0];

    public static void empty(byte[] body) {
        new WireIn(body).end();
    }

    /** OK carrying a count: locks released or transferred, update requests adopted. */
    public record Count(int n) {
        public Count {
            WireIn.check("count", n, 0, Integer.MAX_VALUE);
        }

        public byte[] encode() {
            return new WireOut(4).i32(n).toBytes();
        }

        public static Count decode(byte[] body) {
            WireIn in = new WireIn(body);
            int n = in.i32("count", 0, Integer.MAX_VALUE);
            in.end();
            return new Count(n);
        }
    }

    /** OK carrying a yes or no: whether a shutdown drained the update queue. */
    public record Flag(boolean value) {
        public byte[] encode() {
            return new WireOut(1).u8(value ? 1 : 0).toBytes();
        }

        public static Flag decode(byte[] body) {
            WireIn in = new WireIn(body);
            boolean v = in.bool("flag");
            in.end();
            return new Flag(v);
        }
    }
}
