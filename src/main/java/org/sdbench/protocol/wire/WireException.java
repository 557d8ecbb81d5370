package org.sdbench.protocol.wire;

/**
 * A peer that cannot be used: unreachable, gone, another version, failed authentication, or a
 * malformed frame. The message is one line a user can act on.
 */
public class WireException extends RuntimeException {
    public WireException(String message) {
        super(message);
    }

    public WireException(String message, Throwable cause) {
        super(message, cause);
    }
}
