package org.sdbench.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sdbench.core.Clock;
import org.sdbench.protocol.wire.Address;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireOut;

/** The central services refuse what a peer may not do or may not size, and go on serving it. */
class CentralServicesWireTest {
    private final Token token = Token.random();
    private final List<String> log = new CopyOnWriteArrayList<>();

    private WireClient connect(CentralServices c, String role) {
        return WireClient.connect(
                Dialer.Hop.APP_TO_CENTRAL,
                new Address("127.0.0.1", c.port()),
                role,
                token,
                Duration.ofSeconds(5),
                "central services");
    }

    private static Frame send(WireClient c, FrameType type, byte[] body) throws Exception {
        return c.send(type, body).get(10, TimeUnit.SECONDS);
    }

    @Test
    void register_otherInstanceNumberThanTheRole_refusedAndNotRouted() throws Exception {
        try (CentralServices central = CentralServices.start("127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient app = connect(central, "appserver-1")) {
            Frame f = send(
                    app, FrameType.REGISTER, new CentralMessages.Instance(2, new Address("127.0.0.1", 9)).encode());
            assertEquals(FrameType.ERROR, f.type());
            assertTrue(central.messageServer().instances().isEmpty());
            assertEquals(
                    FrameType.OK,
                    send(app, FrameType.REGISTER, new CentralMessages.Instance(1, new Address("127.0.0.1", 9)).encode())
                            .type());
            assertEquals(1, central.messageServer().instances().size());
        }
    }

    @Test
    void ping_hugeOrNegativeReplySize_errorReplyAndTheConnectionGoesOn() throws Exception {
        try (CentralServices central = CentralServices.start("127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient driver = connect(central, "driver")) {
            for (int size : new int[] {1 << 30, -1, Integer.MIN_VALUE}) {
                Frame f = send(
                        driver,
                        FrameType.PING,
                        new WireOut().i32(size).bytes(new byte[0]).toBytes());
                assertEquals(FrameType.ERROR, f.type(), "size " + size);
                assertTrue(Control.Error.decode(f.body()).message().contains("ping.replyBytes"));
            }
            Frame ok = send(driver, FrameType.PING, new Control.Ping(1200, 0).encode());
            assertEquals(1200, Control.Ping.pongBytes(ok.body()));
        }
    }

    @Test
    void releaseAll_fromADriver_refusedAndNoLockReleased() throws Exception {
        try (CentralServices central = CentralServices.start("127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient app = connect(central, "appserver-1");
                WireClient driver = connect(central, "driver")) {
            var granted = send(app, FrameType.ENQ_LOCK, new CentralMessages.Lock("user:1", "VBAK", "1", 0).encode());
            assertTrue(CentralMessages.LockReply.decode(granted.body(), 2).granted());
            assertEquals(
                    FrameType.ERROR,
                    send(driver, FrameType.ENQ_RELEASE_ALL, new CentralMessages.ReleaseAll("user:1").encode())
                            .type());
            assertEquals(
                    FrameType.ERROR,
                    send(driver, FrameType.ENQ_TRANSFER, new CentralMessages.Transfer("user:1", "x").encode())
                            .type());
            var conflict = send(app, FrameType.ENQ_LOCK, new CentralMessages.Lock("user:2", "VBAK", "1", 0).encode());
            assertTrue(!CentralMessages.LockReply.decode(conflict.body(), 2).granted(), "user 1 still holds its lock");
        }
    }
}
