package org.sdbench.network;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The relay on real loopback sockets: bytes and order preserved, delays never shorter than configured. */
class RelayLoopbackTest {
    private static final long MS = 1_000_000;

    private static Relay relay(InetSocketAddress target, LinkProfile forward, LinkProfile back) throws IOException {
        return Relay.start(RelaySpec.loopback(target, forward, back, 42));
    }

    private static LinkProfile delay(long ms) {
        return new LinkProfile(Duration.ofMillis(ms), Duration.ZERO, 0, LinkProfile.LINUX_MIN_RTO);
    }

    private static Socket dial(Relay r) throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.setSoTimeout(30_000);
        s.connect(r.address(), 5_000);
        return s;
    }

    @Test
    void relay_smallMessages_echoedInOrderAndEachRoundTripAtLeastBothDelays() throws Exception {
        try (EchoServer echo = new EchoServer();
                Relay r = relay(echo.address(), delay(2), delay(1));
                Socket s = dial(r)) {
            SplittableRandom rnd = new SplittableRandom(1);
            OutputStream out = s.getOutputStream();
            DataInputStream in = new DataInputStream(s.getInputStream());
            long min = Long.MAX_VALUE;
            for (int i = 0; i < 40; i++) {
                byte[] msg = new byte[300 + rnd.nextInt(200)];
                rnd.nextBytes(msg);
                long t0 = System.nanoTime();
                out.write(msg);
                byte[] back = new byte[msg.length];
                in.readFully(back);
                min = Math.min(min, System.nanoTime() - t0);
                assertArrayEquals(msg, back, "message " + i);
            }
            assertTrue(min >= 3 * MS, "round trip " + min + " ns is at least 2 ms + 1 ms");
            assertEquals(r.stats().forwardBytes(), r.stats().backBytes());
        }
    }

    @Test
    void relay_bulkBothWaysAtOnce_everyByteInOrder() throws Exception {
        int total = 8 << 20;
        byte[] data = new byte[total];
        new SplittableRandom(3).nextBytes(data);
        try (EchoServer echo = new EchoServer();
                Relay r = relay(echo.address(), delay(1), delay(1));
                Socket s = dial(r)) {
            Thread sender = Thread.ofVirtual().start(() -> {
                try {
                    OutputStream out = s.getOutputStream();
                    for (int off = 0; off < total; off += 50_000) {
                        out.write(data, off, Math.min(50_000, total - off));
                    }
                    s.shutdownOutput();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            byte[] got = s.getInputStream().readAllBytes();
            assertTrue(sender.join(Duration.ofSeconds(30)));
            assertEquals(total, got.length);
            assertTrue(Arrays.equals(data, got), "same bytes in the same order");
            assertEquals(total, r.stats().forwardBytes());
        }
    }

    @Test
    void cut_bounded_holdsTheBytesAtLeastAsLongAsTheCut() throws Exception {
        try (EchoServer echo = new EchoServer();
                Relay r = relay(echo.address(), LinkProfile.NONE, LinkProfile.NONE);
                Socket s = dial(r)) {
            s.getOutputStream().write(1);
            assertEquals(1, s.getInputStream().read(), "link works before the cut");
            long t0 = System.nanoTime();
            r.cut(Duration.ofMillis(100));
            s.getOutputStream().write(2);
            assertEquals(2, s.getInputStream().read());
            assertTrue(System.nanoTime() - t0 >= 100 * MS, "nothing crossed during the cut");
        }
    }

    @Test
    void cut_untilResume_thenBytesFlowAgain() throws Exception {
        try (EchoServer echo = new EchoServer();
                Relay r = relay(echo.address(), LinkProfile.NONE, LinkProfile.NONE);
                Socket s = dial(r)) {
            r.cut(null);
            assertTrue(r.isCut());
            s.getOutputStream().write(7);
            r.resume();
            assertEquals(7, s.getInputStream().read());
        }
    }

    @Test
    void resetConnections_clientSeesTheConnectionEnd() throws Exception {
        try (EchoServer echo = new EchoServer();
                Relay r = relay(echo.address(), LinkProfile.NONE, LinkProfile.NONE);
                Socket s = dial(r)) {
            s.getOutputStream().write(1);
            assertEquals(1, s.getInputStream().read());
            assertEquals(1, r.resetConnections());
            InputStream in = s.getInputStream();
            try {
                assertEquals(-1, in.read());
            } catch (IOException expected) {
                // connection reset: also the end
            }
            assertEquals(0, r.stats().open());
        }
    }

    @Test
    void connect_targetDown_clientConnectionClosedAndCounted() throws Exception {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }
        try (Relay r = relay(new InetSocketAddress("127.0.0.1", closedPort), LinkProfile.NONE, LinkProfile.NONE);
                Socket s = dial(r)) {
            try {
                assertEquals(-1, s.getInputStream().read());
            } catch (IOException expected) {
                // reset: also the end
            }
            assertEquals(1, r.stats().failedConnects());
        }
    }

    @Test
    void close_liveConnection_endedAndListenerGone() throws Exception {
        InetSocketAddress at;
        try (EchoServer echo = new EchoServer()) {
            Relay r = relay(echo.address(), delay(1), LinkProfile.NONE);
            at = r.address();
            try (Socket s = dial(r)) {
                s.getOutputStream().write(1);
                assertEquals(1, s.getInputStream().read());
                r.close();
                assertEquals(0, r.stats().open());
            }
        }
        assertThrows(IOException.class, () -> new Socket().connect(at, 2_000));
    }
}
