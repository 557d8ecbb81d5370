package org.sdbench.protocol.wire;

/** A request's reply did not come within its bound: the peer may be there, slow or hung. Not a lost peer. */
public final class NoReply extends WireException {
    public NoReply(String message) {
        super(message);
    }
}
