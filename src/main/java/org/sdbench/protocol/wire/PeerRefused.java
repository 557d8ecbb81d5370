package org.sdbench.protocol.wire;

/**
 * The peer answered a request with an error: it is there and said why it would not serve it. Not
 * a lost peer: a caller tells the two apart (a refused logon or lock is not a lost app server).
 */
public final class PeerRefused extends WireException {
    public PeerRefused(String message) {
        super(message);
    }
}
