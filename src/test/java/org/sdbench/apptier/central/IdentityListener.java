package org.sdbench.apptier.central;

import java.security.SecureRandom;
import org.sdbench.config.HostAndPort;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireServer;

/**
 * What the central services reach at a registered address in tests: a listener that answers
 * IDENTIFY as app-server instance {@code number}, with the nonce its registration carries.
 */
public final class IdentityListener implements AutoCloseable {
    private final int number;
    private final byte[] nonce = new byte[CentralMessages.NONCE_BYTES];
    private final WireServer server;

    public IdentityListener(Token token, int number) {
        this.number = number;
        new SecureRandom().nextBytes(nonce);
        this.server = WireServer.start(
                Wire.DEFAULTS,
                "127.0.0.1",
                0,
                token,
                (c, f) -> {
                    if (f.type() == FrameType.IDENTIFY) {
                        c.reply(f, FrameType.IDENTITY, new CentralMessages.Identity(number, nonce).encode());
                    } else {
                        c.error(f, "not served here");
                    }
                },
                line -> {},
                "app server " + number);
    }

    public HostAndPort address() {
        return new HostAndPort("127.0.0.1", server.port());
    }

    /** The REGISTER body of the instance listening here. */
    public byte[] register() {
        return new CentralMessages.Register(number, address(), nonce).encode();
    }

    @Override
    public void close() {
        server.close();
    }
}
