package org.sdbench.apptier.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sdbench.config.HostAndPort;
import org.sdbench.core.Clock;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;

/**
 * A registration proves itself: the central services list an app server only once its announced
 * address answers as that instance, and drop it once that address stops answering.
 */
class CentralRegistrationTest {
    private final Token token = Token.random();
    private final List<String> log = new CopyOnWriteArrayList<>();

    private CentralServices central() {
        return CentralServices.start(
                Wire.DEFAULTS, "127.0.0.1", 0, token, Duration.ofSeconds(2), Clock.SYSTEM, log::add);
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** A peer that registers instance 5 at an address where nothing answers keeps every run from starting. */
    @Test
    void register_addressWhereNothingAnswers_refusedAndNeverListed() throws Exception {
        try (CentralServices central = central();
                WireClient squatter = CentralPeers.connect(central, token, "appserver-5")) {
            byte[] nonce = new byte[CentralMessages.NONCE_BYTES];
            new SecureRandom().nextBytes(nonce);
            var dead = new CentralMessages.Register(5, new HostAndPort("127.0.0.1", freePort()), nonce);
            Frame f = CentralPeers.send(squatter, FrameType.REGISTER, dead.encode());
            assertEquals(FrameType.ERROR, f.type());
            String why = Control.Error.decode(f.body()).message();
            assertTrue(why.contains("cannot list app server 5") && why.contains("connection refused"), why);
            assertTrue(central.messageServer().instances().isEmpty());
        }
    }

    @Test
    void register_addressOfAnotherInstanceOrProcess_refused() throws Exception {
        try (CentralServices central = central();
                WireClient five = CentralPeers.connect(central, token, "appserver-5");
                IdentityListener three = new IdentityListener(token, 3);
                IdentityListener otherFive = new IdentityListener(token, 5)) {
            byte[] mine = new byte[CentralMessages.NONCE_BYTES];
            new SecureRandom().nextBytes(mine);
            for (HostAndPort at : List.of(three.address(), otherFive.address())) {
                Frame f =
                        CentralPeers.send(five, FrameType.REGISTER, new CentralMessages.Register(5, at, mine).encode());
                assertEquals(FrameType.ERROR, f.type(), at.toString());
                String why = Control.Error.decode(f.body()).message();
                assertTrue(why.contains("not the one registering"), why);
            }
            assertTrue(central.messageServer().instances().isEmpty());
        }
    }

    @Test
    void register_addressStopsAnswering_droppedWithALineAndItsConnectionClosed() throws Exception {
        try (CentralServices central = central();
                WireClient two = CentralPeers.connect(central, token, "appserver-2")) {
            IdentityListener at = new IdentityListener(token, 2);
            assertEquals(
                    FrameType.OK,
                    CentralPeers.send(two, FrameType.REGISTER, at.register()).type());
            assertEquals(1, central.messageServer().instances().size());
            assertTrue(
                    log.stream().anyMatch(l -> l.contains("instance 2 registered at") && l.contains("answers there")));
            at.close();
            assertFalse(two.broken().get(20, TimeUnit.SECONDS).clean(), "the registration connection is closed");
            assertTrue(central.messageServer().instances().isEmpty());
            assertTrue(
                    log.stream().anyMatch(l -> l.contains("instance 2 at") && l.contains("stopped answering")),
                    log.toString());
        }
    }
}
