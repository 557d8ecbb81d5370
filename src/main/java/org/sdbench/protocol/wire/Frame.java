package org.sdbench.protocol.wire;

/**
 * One message on the wire: {@code [int length][byte type][int id][body]}, length counting type, id
 * and body. Requests carry an id the reply repeats, so one connection serves many callers at once.
 */
public record Frame(FrameType type, int id, byte[] body) {
    /** A frame larger than this is a protocol error (or not an sdbench peer), never a reason to allocate. */
    public static final int MAX_BYTES = 4 << 20;
    /** Before authentication a peer is nobody: its frames (hello, proof) are small. */
    public static final int PRE_AUTH_BYTES = 1_024;

    public WireIn in() {
        return new WireIn(body);
    }
}
