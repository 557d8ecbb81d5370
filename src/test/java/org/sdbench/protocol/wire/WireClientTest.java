package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.sdbench.config.HostAndPort;

class WireClientTest {
    private static final Token TOKEN = Token.random();

    /**
     * Senders queued on the write lock leave the flush to the last of them: a frame left in the
     * buffer would show here as a call without a reply (bounded: the test fails, never hangs).
     */
    @Test
    void call_manyConcurrentCallersOnOneConnection_everyCallGetsItsOwnReply() throws Exception {
        int callers = 64;
        int calls = 300;
        try (WireServer s = WireServer.start(
                        Wire.DEFAULTS,
                        "127.0.0.1",
                        0,
                        TOKEN,
                        (c, f) -> c.reply(f, FrameType.PONG, f.body()),
                        line -> {},
                        "echo");
                WireClient client = WireClient.connect(
                        Wire.DEFAULTS,
                        Dialer.Hop.DRIVER_TO_APP,
                        new HostAndPort("127.0.0.1", s.port()),
                        "driver",
                        TOKEN,
                        Duration.ofSeconds(5),
                        "echo");
                ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> done = new ArrayList<>();
            for (int u = 0; u < callers; u++) {
                int caller = u;
                done.add(pool.submit(() -> {
                    int ok = 0;
                    for (int i = 0; i < calls; i++) {
                        byte[] body = new WireOut().i32(caller).i32(i).toBytes();
                        Frame reply = client.call(FrameType.PING, body, Duration.ofSeconds(10));
                        assertArrayEquals(body, reply.body());
                        ok++;
                    }
                    return ok;
                }));
            }
            int total = 0;
            for (Future<Integer> f : done) {
                total += f.get(60, TimeUnit.SECONDS);
            }
            assertEquals(callers * calls, total);
        }
    }

    /** Short bounds, passed in: the test waits two seconds, not ten. */
    private static final Liveness SHORT = new Liveness(300, 2_000, 2_000, 5_000);

    /** A server that shook hands and then stopped (as under SIGSTOP): the client declares it dead within the bound. */
    @Test
    void connection_peerSilentAfterTheHandshake_declaredDeadWithinTheSilenceBound() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread stopped = Thread.ofVirtual().start(() -> {
                try (Socket s = listener.accept();
                        FrameIO io = new FrameIO(s)) {
                    Handshake.server(
                            io,
                            new Handshake.ServerSide(
                                    TOKEN,
                                    5_000,
                                    new RoleSlots(4),
                                    new LogLimiter(line -> {}, System::nanoTime, 10, 1_000_000_000L)),
                            new PendingHandshakes.Pending(s.getInetAddress(), io));
                    Thread.sleep(60_000);
                } catch (Exception e) {
                    // The client hung up: what the test wants.
                }
            });
            try (WireClient c = WireClient.connect(
                    new Wire(SHORT, Dialer.DIRECT),
                    Dialer.Hop.DRIVER_TO_APP,
                    new HostAndPort("127.0.0.1", listener.getLocalPort()),
                    "driver",
                    TOKEN,
                    Duration.ofSeconds(5),
                    "app server 2")) {
                long t0 = System.nanoTime();
                String why = c.broken()
                        .get(SHORT.silenceMillis() + SHORT.heartbeatMillis() + 5_000, TimeUnit.MILLISECONDS)
                        .toString();
                long ms = (System.nanoTime() - t0) / 1_000_000;
                assertTrue(why.contains("declared dead"), why);
                assertTrue(
                        ms >= SHORT.silenceMillis() - 500 && ms <= SHORT.silenceMillis() + 1_500,
                        "declared dead after " + ms + " ms");
            }
            stopped.interrupt();
        }
    }

    /**
     * A listener sheds a pending handshake to admit a newcomer; a real peer shed between its connect
     * and its hello connects again. The first connection goes to a listener that closes it at once.
     */
    @Test
    void connect_firstConnectionClosedDuringTheHandshake_connectsAgainAndShakesHands() throws Exception {
        try (ServerSocket shedding = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
                WireServer real = echoServer()) {
            Thread closer = closeEach(shedding, 1);
            AtomicInteger dials = new AtomicInteger();
            Dialer.Router firstShed = (hop, target) -> dials.getAndIncrement() == 0
                    ? new InetSocketAddress(shedding.getInetAddress(), shedding.getLocalPort())
                    : target;
            try (WireClient c = WireClient.connect(
                    new Wire(Liveness.DEFAULTS, new Dialer(firstShed)),
                    Dialer.Hop.DRIVER_TO_APP,
                    new HostAndPort("127.0.0.1", real.port()),
                    "driver",
                    TOKEN,
                    Duration.ofSeconds(5),
                    "app server 1")) {
                byte[] body = new WireOut().i32(7).toBytes();
                assertArrayEquals(
                        body,
                        c.call(FrameType.PING, body, Duration.ofSeconds(5)).body());
            }
            closer.join(5_000);
            assertEquals(2, dials.get(), "one shed connection, then the one that shook hands");
        }
    }

    /**
     * A listener that closes every connection during the handshake, answering nothing: after a bounded
     * number of tries, one line that names the shedding, not another kind of peer.
     */
    @Test
    void connect_everyConnectionClosedDuringTheHandshake_failsAfterBoundedAttempts() throws Exception {
        try (ServerSocket shedding = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            Thread closer = closeEach(shedding, WireClient.HANDSHAKE_ATTEMPTS);
            WireException e = assertThrows(
                    WireException.class,
                    () -> WireClient.connect(
                            Wire.DEFAULTS,
                            Dialer.Hop.DRIVER_TO_APP,
                            new HostAndPort("127.0.0.1", shedding.getLocalPort()),
                            "driver",
                            TOKEN,
                            Duration.ofSeconds(5),
                            "app server 1"));
            closer.join(5_000);
            assertTrue(
                    (e.getMessage().startsWith("app server 1 closed the connection during the handshake")
                                    || e.getMessage()
                                            .startsWith("app server 1 reset the connection during the handshake"))
                            && e.getMessage().endsWith("shed by the listener's handshake limit (a flood?)"),
                    e.getMessage());
            assertFalse(e.getMessage().contains("not an sdbench peer"), e.getMessage());
            assertFalse(closer.isAlive(), "the listener saw exactly " + WireClient.HANDSHAKE_ATTEMPTS + " connections");
        }
    }

    /** A listener that sheds every connection and says so: the client connects again, then says it was shed. */
    @Test
    void connect_everyConnectionShedWithTheReason_failsAfterBoundedAttemptsSayingShed() throws Exception {
        try (ServerSocket shedding = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            AtomicInteger shed = new AtomicInteger();
            Thread listener = Thread.ofVirtual().start(() -> {
                for (int i = 0; i < WireClient.HANDSHAKE_ATTEMPTS; i++) {
                    try (Socket s = shedding.accept();
                            FrameIO io = new FrameIO(s)) {
                        io.read(5_000);
                        io.write(
                                FrameType.REFUSED,
                                0,
                                new Control.Error("shed by the listener's handshake limit (a flood?)").encode());
                        shed.incrementAndGet();
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            WireException e = assertThrows(
                    WireException.class,
                    () -> WireClient.connect(
                            Wire.DEFAULTS,
                            Dialer.Hop.APP_TO_CENTRAL,
                            new HostAndPort("127.0.0.1", shedding.getLocalPort()),
                            "appserver-1",
                            TOKEN,
                            Duration.ofSeconds(5),
                            "central services"));
            listener.join(5_000);
            assertEquals(WireClient.HANDSHAKE_ATTEMPTS, shed.get(), "a shed connection is tried again");
            assertEquals(
                    "central services refused the connection: shed by the listener's handshake limit (a flood?)",
                    e.getMessage());
        }
    }

    private static WireServer echoServer() {
        return WireServer.start(
                Wire.DEFAULTS,
                "127.0.0.1",
                0,
                TOKEN,
                (c, f) -> c.reply(f, FrameType.PONG, f.body()),
                line -> {},
                "echo");
    }

    /**
     * Accepts {@code n} connections and resets each once its hello begins to arrive (the client's
     * connect has returned), without answering a byte, then ends.
     */
    private static Thread closeEach(ServerSocket listener, int n) {
        return Thread.ofVirtual().start(() -> {
            for (int i = 0; i < n; i++) {
                try (Socket s = listener.accept()) {
                    s.setSoLinger(true, 0);
                    s.getInputStream().read();
                } catch (IOException e) {
                    return;
                }
            }
        });
    }
}
