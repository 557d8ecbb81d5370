package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WireHandshakeTest {
    private final List<String> log = new CopyOnWriteArrayList<>();

    private WireServer echo(Token token) {
        return WireServer.start("127.0.0.1", 0, token, (c, f) -> c.reply(f, FrameType.PONG, f.body()), log::add, "test server");
    }

    private static Token token(Path dir, String secret) throws Exception {
        Path p = dir.resolve(secret.substring(0, 4));
        Files.writeString(p, secret);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
        return Token.read(p);
    }

    @Test
    void call_sameVersion_repliesThroughTheHandshake() throws Exception {
        try (WireServer s = echo(null);
             WireClient c = WireClient.connect(Dialer.Hop.DRIVER_TO_APP, new Address("127.0.0.1", s.port()), "driver", null,
                     Duration.ofSeconds(5), "test server")) {
            Frame f = c.call(FrameType.PING, new byte[] {1, 2, 3}, Duration.ofSeconds(5));
            assertEquals(FrameType.PONG, f.type());
            assertEquals(3, f.body().length);
        }
    }

    @Test
    void handshake_otherVersion_refusedWithTheReason() throws Exception {
        try (WireServer s = echo(null); Socket raw = new Socket("127.0.0.1", s.port()); FrameIO io = new FrameIO(raw)) {
            io.write(FrameType.HELLO, 0, new WireOut().i32(Handshake.MAGIC).i32(Handshake.WIRE_VERSION).str("9.9.9")
                    .str("driver").toBytes());
            Frame f = io.read(5_000);
            assertEquals(FrameType.REFUSED, f.type());
            String why = f.in().str();
            assertTrue(why.contains("yours is 9.9.9") && why.contains("same sdbench version"), why);
        }
    }

    @Test
    void connect_withoutOrWithWrongToken_refusedAndLogged(@TempDir Path dir) throws Exception {
        Token right = token(dir, "right-secret-0123456789");
        Token wrong = token(dir, "wrong-secret-0123456789");
        try (WireServer s = echo(right)) {
            Address a = new Address("127.0.0.1", s.port());
            var none = assertThrows(WireException.class,
                    () -> WireClient.connect(Dialer.Hop.DRIVER_TO_APP, a, "driver", null, Duration.ofSeconds(5), "test server"));
            assertTrue(none.getMessage().contains("requires authentication"), none.getMessage());
            var bad = assertThrows(WireException.class,
                    () -> WireClient.connect(Dialer.Hop.DRIVER_TO_APP, a, "driver", wrong, Duration.ofSeconds(5), "test server"));
            assertTrue(bad.getMessage().contains("authentication failed"), bad.getMessage());
            assertTrue(log.stream().anyMatch(l -> l.contains("refused unauthenticated driver")), log.toString());
            try (WireClient ok = WireClient.connect(Dialer.Hop.DRIVER_TO_APP, a, "driver", right, Duration.ofSeconds(5), "x")) {
                assertEquals(FrameType.PONG, ok.call(FrameType.PING, new byte[0], Duration.ofSeconds(5)).type());
            }
        }
    }

    /**
     * A listener that does not know the token but plays along: it asks for authentication (or
     * says none is needed), takes the client's proof and welcomes it with a proof of its own making.
     */
    private static Thread impostor(ServerSocket listener, boolean asksForToken) {
        return Thread.ofVirtual().start(() -> {
            try (Socket s = listener.accept(); FrameIO io = new FrameIO(s)) {
                io.read(5_000);
                io.write(FrameType.CHALLENGE, 0, new WireOut().u8(asksForToken ? 1 : 0).bytes(Handshake.challenge()).toBytes());
                io.read(5_000);
                io.write(FrameType.WELCOME, 0, new WireOut().str(Handshake.version()).bytes(new byte[32]).toBytes());
                io.read(5_000);
            } catch (Exception e) {
                // The client hung up on the impostor: what the test wants.
            }
        });
    }

    @Test
    void connect_impostorServerWithoutTheToken_clientRefusesIt(@TempDir Path dir) throws Exception {
        Token right = token(dir, "right-secret-0123456789");
        try (ServerSocket listener = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Thread t = impostor(listener, true);
            var e = assertThrows(WireException.class, () -> WireClient.connect(Dialer.Hop.DRIVER_TO_CENTRAL,
                    new Address("127.0.0.1", listener.getLocalPort()), "driver", right, Duration.ofSeconds(5), "central services"));
            assertTrue(e.getMessage().contains("failed to prove the token"), e.getMessage());
            t.join(10_000);
        }
    }

    @Test
    void connect_impostorServerSkippingAuthentication_clientWithTokenRefusesIt(@TempDir Path dir) throws Exception {
        Token right = token(dir, "right-secret-0123456789");
        try (ServerSocket listener = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Thread t = impostor(listener, false);
            var e = assertThrows(WireException.class, () -> WireClient.connect(Dialer.Hop.APP_TO_CENTRAL,
                    new Address("127.0.0.1", listener.getLocalPort()), "appserver-1", right, Duration.ofSeconds(5), "central services"));
            assertTrue(e.getMessage().contains("does not authenticate its peers"), e.getMessage());
            t.join(10_000);
        }
    }

    @Test
    void connect_serverWithOtherToken_bothSidesRefuse(@TempDir Path dir) throws Exception {
        Token right = token(dir, "right-secret-0123456789");
        Token other = token(dir, "othr-secret-0123456789");
        try (WireServer s = echo(other)) {
            var e = assertThrows(WireException.class, () -> WireClient.connect(Dialer.Hop.DRIVER_TO_APP,
                    new Address("127.0.0.1", s.port()), "driver", right, Duration.ofSeconds(5), "app server 1"));
            assertTrue(e.getMessage().contains("authentication failed"), e.getMessage());
            assertTrue(log.stream().anyMatch(l -> l.contains("refused unauthenticated driver")), log.toString());
        }
    }

    @Test
    void handshake_clientProofReplayedOnAnotherChallenge_refused(@TempDir Path dir) throws Exception {
        Token right = token(dir, "right-secret-0123456789");
        try (WireServer s = echo(right); Socket raw = new Socket("127.0.0.1", s.port()); FrameIO io = new FrameIO(raw)) {
            byte[] mine = Handshake.challenge();
            io.write(FrameType.HELLO, 0, new WireOut().i32(Handshake.MAGIC).i32(Handshake.WIRE_VERSION).str(Handshake.version())
                    .str("driver").bytes(mine).toBytes());
            io.read(5_000);
            // A proof made for some other server challenge (as one recorded from an earlier connection would be).
            byte[] stale = right.prove(Handshake.challenge(), mine, Token.CLIENT + "driver");
            io.write(FrameType.AUTH, 0, new WireOut().bytes(stale).toBytes());
            Frame f = io.read(5_000);
            assertEquals(FrameType.REFUSED, f.type());
            assertTrue(log.stream().anyMatch(l -> l.contains("refused unauthenticated driver")), log.toString());
        }
    }

    @Test
    void connect_sameToken_serverProvesItToo(@TempDir Path dir) throws Exception {
        Token right = token(dir, "right-secret-0123456789");
        try (WireServer s = echo(right);
             WireClient c = WireClient.connect(Dialer.Hop.DRIVER_TO_APP, new Address("127.0.0.1", s.port()), "driver", right,
                     Duration.ofSeconds(5), "app server 1")) {
            assertEquals(FrameType.PONG, c.call(FrameType.PING, new byte[0], Duration.ofSeconds(5)).type());
        }
    }

    @Test
    void tokenFile_readableByOthers_refused(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("token");
        Files.writeString(p, "a-secret-of-enough-length");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-r--r--"));
        var e = assertThrows(WireException.class, () -> Token.read(p));
        assertTrue(e.getMessage().contains("chmod 600"), e.getMessage());
    }

    @Test
    void start_portInUse_oneLine() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            var e = assertThrows(WireException.class, () -> WireServer.start("127.0.0.1", taken.getLocalPort(), null,
                    (c, f) -> { }, log::add, "central services"));
            assertTrue(e.getMessage().contains("the port is in use"), e.getMessage());
        }
    }

    @Test
    void start_nonLoopbackWithoutToken_refused() {
        var e = assertThrows(WireException.class, () -> WireServer.start("0.0.0.0", 0, null, (c, f) -> { }, log::add, "app server 1"));
        assertTrue(e.getMessage().contains("requires a token file"), e.getMessage());
    }

    @Test
    void connect_nothingListening_oneLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        var e = assertThrows(WireException.class, () -> WireClient.connect(Dialer.Hop.DRIVER_TO_CENTRAL,
                new Address("127.0.0.1", port), "driver", null, Duration.ofSeconds(2), "central services"));
        assertTrue(e.getMessage().contains("connection refused"), e.getMessage());
    }
}
