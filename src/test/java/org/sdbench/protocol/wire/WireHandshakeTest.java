package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
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
import org.sdbench.config.ConfigException;
import org.sdbench.config.HostAndPort;

class WireHandshakeTest {
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final Token right = Token.random();

    private WireServer echo(Token token) {
        return WireServer.start(
                Wire.DEFAULTS,
                "127.0.0.1",
                0,
                token,
                (c, f) -> c.reply(f, FrameType.PONG, f.body()),
                log::add,
                "test server");
    }

    private static Token token(Path dir, String secret) throws Exception {
        Path p = dir.resolve(secret.substring(0, 4));
        Files.writeString(p, secret);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
        return Token.read(p);
    }

    private static byte[] hello(String version, String role, byte[] challenge) {
        return new Handshake.Hello(Handshake.MAGIC, Handshake.WIRE_VERSION, version, role, challenge).encode();
    }

    @Test
    void call_sameToken_repliesThroughTheHandshake() throws Exception {
        try (WireServer s = echo(right);
                WireClient c = WireClient.connect(
                        Wire.DEFAULTS,
                        Dialer.Hop.DRIVER_TO_APP,
                        new HostAndPort("127.0.0.1", s.port()),
                        "driver",
                        right,
                        Duration.ofSeconds(5),
                        "test server")) {
            Frame f = c.call(FrameType.PING, new byte[] {1, 2, 3}, Duration.ofSeconds(5));
            assertEquals(FrameType.PONG, f.type());
            assertEquals(3, f.body().length);
        }
    }

    @Test
    void handshake_otherVersion_refusedWithTheReason() throws Exception {
        try (WireServer s = echo(right);
                Socket raw = new Socket("127.0.0.1", s.port());
                FrameIO io = new FrameIO(raw)) {
            io.write(FrameType.HELLO, 0, hello("9.9.9", "driver", Handshake.challenge()));
            Frame f = io.read(5_000);
            assertEquals(FrameType.REFUSED, f.type());
            String why = Control.Error.decode(f.body()).message();
            assertTrue(why.contains("yours is 9.9.9") && why.contains("same sdbench version"), why);
        }
    }

    @Test
    void connect_unauthenticatedLoopbackPeer_refusedAndLogged() throws Exception {
        Token wrong = Token.random();
        try (WireServer s = echo(right)) {
            HostAndPort a = new HostAndPort("127.0.0.1", s.port());
            var bad = assertThrows(
                    WireException.class,
                    () -> WireClient.connect(
                            Wire.DEFAULTS,
                            Dialer.Hop.DRIVER_TO_APP,
                            a,
                            "driver",
                            wrong,
                            Duration.ofSeconds(5),
                            "test server"));
            assertTrue(bad.getMessage().contains("authentication failed"), bad.getMessage());
            assertTrue(log.stream().anyMatch(l -> l.contains("refused unauthenticated driver")), log.toString());
            // A raw loopback peer that sends no proof at all.
            try (Socket raw = new Socket("127.0.0.1", s.port());
                    FrameIO io = new FrameIO(raw)) {
                io.write(FrameType.HELLO, 0, hello(Handshake.version(), "driver", Handshake.challenge()));
                assertEquals(FrameType.CHALLENGE, io.read(5_000).type());
                io.write(FrameType.AUTH, 0, new Handshake.Proof("", new byte[0]).encode());
                assertEquals(FrameType.REFUSED, io.read(5_000).type());
            }
            try (WireClient ok = WireClient.connect(
                    Wire.DEFAULTS, Dialer.Hop.DRIVER_TO_APP, a, "driver", right, Duration.ofSeconds(5), "x")) {
                assertEquals(
                        FrameType.PONG,
                        ok.call(FrameType.PING, new byte[0], Duration.ofSeconds(5))
                                .type());
            }
        }
    }

    @Test
    void start_withoutToken_refusedNamingTheKey() {
        var e = assertThrows(
                WireException.class,
                () -> WireServer.start(Wire.DEFAULTS, "127.0.0.1", 0, null, (c, f) -> {}, log::add, "app server 1"));
        assertTrue(
                e.getMessage().contains("appServer.tokenFile")
                        && !e.getMessage().contains("threeTier"),
                e.getMessage());
    }

    @Test
    void handshake_unknownRole_refused() throws Exception {
        try (WireServer s = echo(right);
                Socket raw = new Socket("127.0.0.1", s.port());
                FrameIO io = new FrameIO(raw)) {
            io.write(FrameType.HELLO, 0, hello(Handshake.version(), "admin", Handshake.challenge()));
            Frame f = io.read(5_000);
            assertEquals(FrameType.REFUSED, f.type());
            assertTrue(Control.Error.decode(f.body()).message().contains("unknown role"));
        }
    }

    /** A listener that does not know the token but plays along with a proof of its own making. */
    private static Thread impostor(ServerSocket listener) {
        return Thread.ofVirtual().start(() -> {
            try (Socket s = listener.accept();
                    FrameIO io = new FrameIO(s)) {
                io.read(5_000);
                io.write(
                        FrameType.CHALLENGE,
                        0,
                        new Handshake.Proof(Handshake.version(), Handshake.challenge()).encode());
                io.read(5_000);
                io.write(FrameType.WELCOME, 0, new Handshake.Proof(Handshake.version(), new byte[32]).encode());
                io.read(5_000);
            } catch (Exception e) {
                // The client hung up on the impostor: what the test wants.
            }
        });
    }

    @Test
    void connect_impostorServerWithoutTheToken_clientRefusesIt() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread t = impostor(listener);
            var e = assertThrows(
                    WireException.class,
                    () -> WireClient.connect(
                            Wire.DEFAULTS,
                            Dialer.Hop.DRIVER_TO_CENTRAL,
                            new HostAndPort("127.0.0.1", listener.getLocalPort()),
                            "driver",
                            right,
                            Duration.ofSeconds(5),
                            "central services"));
            assertTrue(e.getMessage().contains("failed to prove the token"), e.getMessage());
            t.join(10_000);
        }
    }

    @Test
    void connect_serverWithOtherToken_bothSidesRefuse(@TempDir Path dir) throws Exception {
        Token mine = token(dir, "right-secret-0123456789");
        Token other = token(dir, "othr-secret-0123456789");
        try (WireServer s = echo(other)) {
            var e = assertThrows(
                    WireException.class,
                    () -> WireClient.connect(
                            Wire.DEFAULTS,
                            Dialer.Hop.DRIVER_TO_APP,
                            new HostAndPort("127.0.0.1", s.port()),
                            "driver",
                            mine,
                            Duration.ofSeconds(5),
                            "app server 1"));
            assertTrue(e.getMessage().contains("authentication failed"), e.getMessage());
            assertTrue(log.stream().anyMatch(l -> l.contains("refused unauthenticated driver")), log.toString());
        }
    }

    @Test
    void handshake_clientProofReplayedOnAnotherChallenge_refused() throws Exception {
        try (WireServer s = echo(right);
                Socket raw = new Socket("127.0.0.1", s.port());
                FrameIO io = new FrameIO(raw)) {
            byte[] mine = Handshake.challenge();
            io.write(FrameType.HELLO, 0, hello(Handshake.version(), "driver", mine));
            io.read(5_000);
            // A proof made for some other server challenge (as one recorded from an earlier connection would be).
            byte[] stale = right.prove(Handshake.challenge(), mine, Token.CLIENT + "driver");
            io.write(FrameType.AUTH, 0, new Handshake.Proof("", stale).encode());
            Frame f = io.read(5_000);
            assertEquals(FrameType.REFUSED, f.type());
            assertTrue(log.stream().anyMatch(l -> l.contains("refused unauthenticated driver")), log.toString());
        }
    }

    @Test
    void handshake_oversizedOrNegativeFrameLength_closedWithoutAllocating() throws Exception {
        for (int len : new int[] {Frame.PRE_AUTH_BYTES + 6, Integer.MAX_VALUE, -1}) {
            try (WireServer s = echo(right);
                    Socket raw = new Socket("127.0.0.1", s.port())) {
                raw.setSoTimeout(10_000);
                new DataOutputStream(raw.getOutputStream()).writeInt(len);
                assertEquals(-1, raw.getInputStream().read(), "closed for a length of " + len);
            }
        }
        assertTrue(log.stream().anyMatch(l -> l.contains("no valid sdbench handshake")), log.toString());
    }

    /** One byte every 400 ms never times out a read, but the handshake as a whole has one deadline. */
    @Test
    void handshake_trickledBytes_closedAtTheOneDeadline() throws Exception {
        try (WireServer s = echo(right);
                Socket raw = new Socket("127.0.0.1", s.port())) {
            byte[] frame = new byte[64];
            frame[3] = 60;
            var out = raw.getOutputStream();
            long t0 = System.nanoTime();
            boolean closed = false;
            for (int i = 0; i < frame.length && !closed; i++) {
                try {
                    out.write(frame[i]);
                    out.flush();
                    Thread.sleep(400);
                } catch (IOException e) {
                    closed = true;
                }
            }
            raw.setSoTimeout(10_000);
            if (!closed) {
                assertEquals(-1, raw.getInputStream().read());
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < Liveness.DEFAULTS.handshakeMillis() + 3_000, "closed after " + ms + " ms");
        }
    }

    @Test
    void tokenFile_readableByOthers_refused(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("token");
        Files.writeString(p, "a-secret-of-enough-length");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-r--r--"));
        // A configuration error (exit 2), named with the fix.
        var e = assertThrows(ConfigException.class, () -> Token.read(p));
        assertTrue(e.getMessage().contains("chmod 600"), e.getMessage());
    }

    @Test
    void readOrCreate_noFile_createsAnOwnerOnlyTokenAndReadsItAgain(@TempDir Path dir) throws Exception {
        Path p = dir.resolve("state").resolve("wire-token");
        Token a = Token.readOrCreate(p);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(p)));
        assertEquals(a.forEnvironment(), Token.readOrCreate(p).forEnvironment());
    }

    @Test
    void start_portInUse_oneLine() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            var e = assertThrows(
                    WireException.class,
                    () -> WireServer.start(
                            Wire.DEFAULTS,
                            "127.0.0.1",
                            taken.getLocalPort(),
                            right,
                            (c, f) -> {},
                            log::add,
                            "central services"));
            assertTrue(e.getMessage().contains("the port is in use"), e.getMessage());
        }
    }

    @Test
    void connect_nothingListening_oneLine() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        var e = assertThrows(
                WireException.class,
                () -> WireClient.connect(
                        Wire.DEFAULTS,
                        Dialer.Hop.DRIVER_TO_CENTRAL,
                        new HostAndPort("127.0.0.1", port),
                        "driver",
                        right,
                        Duration.ofSeconds(2),
                        "central services"));
        assertTrue(e.getMessage().contains("connection refused"), e.getMessage());
    }
}
