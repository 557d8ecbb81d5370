package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    private static final byte[] DRIVER_ONLY = {
        FrameType.LOGON,
        FrameType.STEP,
        FrameType.ABANDON,
        FrameType.LOGOFF,
        FrameType.STATS,
        FrameType.ADOPT,
        FrameType.SHUTDOWN,
        FrameType.PROBE,
        FrameType.RUN_SETTINGS,
        FrameType.ROUTE,
        FrameType.INSTANCES
    };
    private static final byte[] APP_SERVER_ONLY = {
        FrameType.REGISTER, FrameType.ENQ_LOCK, FrameType.ENQ_RELEASE_ALL, FrameType.ENQ_TRANSFER
    };
    private static final byte[] NEVER = {
        FrameType.PONG,
        FrameType.OK,
        FrameType.STEP_RESULT,
        FrameType.STATS_REPLY,
        FrameType.ROUTE_REPLY,
        FrameType.HELLO,
        FrameType.AUTH,
        99
    };

    private void refusedFrom(String role, byte[] types) throws Exception {
        AtomicInteger served = new AtomicInteger();
        try (WireServer s = WireServer.start(
                        "127.0.0.1",
                        0,
                        token,
                        (c, f) -> {
                            served.incrementAndGet();
                            c.reply(f, FrameType.OK, Control.EMPTY);
                        },
                        log::add,
                        "test server");
                WireClient c = WireClient.connect(
                        Dialer.Hop.DRIVER_TO_APP,
                        new HostAndPort("127.0.0.1", s.port()),
                        role,
                        token,
                        Duration.ofSeconds(5),
                        "test server")) {
            for (byte t : types) {
                Frame f = c.send(t, new byte[0]).get(10, TimeUnit.SECONDS);
                assertEquals(FrameType.ERROR, f.type(), "type " + t + " from " + role);
                assertTrue(Control.Error.decode(f.body()).message().contains("not accepted from " + role));
            }
            assertEquals(0, served.get(), "the handler never saw a refused frame");
            // The connection survives its refused frames: a ping from any role reaches the handler.
            assertEquals(FrameType.OK, WireRolesTestSupport.ping(c));
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
    void repliesAndUnknownTypes_asRequests_refusedFromAnyRole() throws Exception {
        refusedFrom("driver", NEVER);
    }

    /** Pings go through the handler: this one answers everything with OK. */
    static final class WireRolesTestSupport {
        static byte ping(WireClient c) throws Exception {
            return c.send(FrameType.PING, new Control.Ping(0, 0).encode())
                    .get(10, TimeUnit.SECONDS)
                    .type();
        }
    }
}
