package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.sdbench.config.HostAndPort;

/** Each request type is served only from the role allowed to send it, whatever token the peer holds. */
class WireRolesTest {
    private final Token token = Token.random();
    private final List<String> log = new CopyOnWriteArrayList<>();

    private static final FrameType[] DRIVER_ONLY = {
        FrameType.LOGON,
        FrameType.STEP,
        FrameType.ABANDON,
        FrameType.LOGOFF,
        FrameType.STATS,
        FrameType.ADOPT,
        FrameType.SHUTDOWN,
        FrameType.PROBE,
        FrameType.RUN_SETTINGS,
        FrameType.ROUTE
    };
    private static final FrameType[] APP_SERVER_ONLY = {
        FrameType.REGISTER, FrameType.ENQ_LOCK, FrameType.ENQ_RELEASE_ALL, FrameType.ENQ_TRANSFER
    };
    private static final FrameType[] NEVER = {
        FrameType.PONG,
        FrameType.OK,
        FrameType.STEP_RESULT,
        FrameType.STATS_REPLY,
        FrameType.ROUTE_REPLY,
        FrameType.HELLO,
        FrameType.AUTH
    };

    private WireServer okServer(AtomicInteger served) {
        return WireServer.start(
                Wire.DEFAULTS,
                "127.0.0.1",
                0,
                token,
                (c, f) -> {
                    served.incrementAndGet();
                    c.reply(f, Control.EMPTY);
                },
                log::add,
                "test server");
    }

    private void refusedFrom(String role, FrameType[] types) throws Exception {
        AtomicInteger served = new AtomicInteger();
        try (WireServer s = okServer(served);
                WireClient c = WireClient.connect(
                        Wire.DEFAULTS,
                        Dialer.Hop.DRIVER_TO_APP,
                        new HostAndPort("127.0.0.1", s.port()),
                        role,
                        token,
                        Duration.ofSeconds(5),
                        "test server")) {
            for (FrameType t : types) {
                Frame f = c.send(t, new byte[0]).get(10, TimeUnit.SECONDS);
                assertEquals(FrameType.ERROR, f.type(), "type " + t + " from " + role);
                assertTrue(Control.Error.decode(f.body()).message().contains("not accepted from " + role));
            }
            assertEquals(0, served.get(), "the handler never saw a refused frame");
            // The connection survives its refused frames: a ping from any role reaches the handler.
            assertEquals(FrameType.PONG, WireRolesTestSupport.ping(c));
        }
        assertTrue(log.stream().anyMatch(l -> l.contains("refused frame type") && l.contains(role)), log.toString());
    }

    @Test
    void driverFrames_fromAnAppServer_refusedWithAnError() throws Exception {
        refusedFrom("appserver-1", DRIVER_ONLY);
    }

    @Test
    void appServerFrames_fromADriver_refusedWithAnError() throws Exception {
        refusedFrom("driver", APP_SERVER_ONLY);
    }

    @Test
    void repliesAndHandshakeTypes_asRequests_refusedFromAnyRole() throws Exception {
        AtomicInteger served = new AtomicInteger();
        try (WireServer s = okServer(served);
                Socket raw = new Socket("127.0.0.1", s.port());
                FrameIO io = new FrameIO(raw)) {
            Handshake.client(io, "driver", token, "test server");
            for (FrameType t : NEVER) {
                io.write(t, 7, new byte[0]);
                Frame f = io.read(10_000);
                assertEquals(FrameType.ERROR, f.type(), "type " + t);
                assertTrue(Control.Error.decode(f.body()).message().contains("not accepted from driver"));
            }
            assertEquals(0, served.get(), "the handler never saw a refused frame");
        }
    }

    @Test
    void send_aReplyType_refusedBeforeItIsSent() throws Exception {
        try (WireServer s = okServer(new AtomicInteger());
                WireClient c = WireClient.connect(
                        Wire.DEFAULTS,
                        Dialer.Hop.DRIVER_TO_APP,
                        new HostAndPort("127.0.0.1", s.port()),
                        "driver",
                        token,
                        Duration.ofSeconds(5),
                        "test server")) {
            assertThrows(IllegalArgumentException.class, () -> c.send(FrameType.OK, new byte[0]));
        }
    }

    @Test
    void read_unknownFrameType_closesTheConnection() throws Exception {
        try (WireServer s = okServer(new AtomicInteger());
                Socket raw = new Socket("127.0.0.1", s.port());
                FrameIO io = new FrameIO(raw)) {
            Handshake.client(io, "driver", token, "test server");
            io.write((byte) 99, 7, new byte[0]);
            assertThrows(IOException.class, () -> io.read(10_000));
        }
    }

    /** Pings go through the handler: this one answers everything with OK. */
    static final class WireRolesTestSupport {
        static FrameType ping(WireClient c) throws Exception {
            return c.send(FrameType.PING, new Control.Ping(0, 0).encode())
                    .get(10, TimeUnit.SECONDS)
                    .type();
        }
    }
}
