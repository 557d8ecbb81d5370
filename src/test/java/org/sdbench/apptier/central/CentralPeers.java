package org.sdbench.apptier.central;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.sdbench.config.HostAndPort;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;

/** What the central services' tests do as their peers: connect in a role, send a frame, take a lock. */
public final class CentralPeers {
    private CentralPeers() {}

    public static WireClient connect(CentralServices c, Token token, String role) {
        return WireClient.connect(
                Wire.DEFAULTS,
                Dialer.Hop.APP_TO_CENTRAL,
                new HostAndPort("127.0.0.1", c.port()),
                role,
                token,
                Duration.ofSeconds(5),
                "central services");
    }

    /** The reply, whatever its type (an ERROR too), within a bound. */
    public static Frame send(WireClient c, FrameType type, byte[] body) throws Exception {
        return c.send(type, body).get(20, TimeUnit.SECONDS);
    }

    /** Whether an exclusive lock on VBAK {@code key} was granted to {@code owner}. */
    public static boolean lock(WireClient app, String owner, String key) throws Exception {
        var f = send(app, FrameType.ENQ_LOCK, new CentralMessages.Lock(owner, "VBAK", key, 0).encode());
        return f.type() == FrameType.ENQ_LOCK_REPLY
                && CentralMessages.LockReply.decode(f.body(), 2).granted();
    }
}
