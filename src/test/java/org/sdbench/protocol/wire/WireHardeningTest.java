package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.sdbench.config.HostAndPort;

/** The attacks a token-less or token-holding peer tried on a real listener, as tests. */
class WireHardeningTest {
    private final Token token = Token.random();
    private final List<String> log = new CopyOnWriteArrayList<>();
    /** The same lines as {@link #log}, for a test that must wait until a server thread has logged. */
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    /** The log's clock: it stands still, so every window of the rate limit stays open until a test moves it. */
    private final AtomicLong now = new AtomicLong();

    private static final WireLimits SMALL = new WireLimits(16, 8, 3_000, 2, 5, 10_000);

    private WireServer server(WireLimits limits, WireServer.Handler handler) {
        return WireServer.start(
                Wire.DEFAULTS,
                "127.0.0.1",
                0,
                token,
                handler,
                l -> {
                    log.add(l);
                    lines.add(l);
                },
                "test server",
                limits,
                now::get);
    }

    private WireServer pong(WireLimits limits) {
        return server(limits, (c, f) -> c.reply(f, Control.Ping.decode(f.body()).pong()));
    }

    private WireClient driver(WireServer s) {
        return WireClient.connect(
                Wire.DEFAULTS,
                Dialer.Hop.DRIVER_TO_APP,
                new HostAndPort("127.0.0.1", s.port()),
                "driver",
                token,
                Duration.ofSeconds(5),
                "test server");
    }

    private static boolean pings(WireClient c) throws InterruptedException {
        return c.call(FrameType.PING, new Control.Ping(8, 0).encode(), Duration.ofSeconds(5))
                        .type()
                == FrameType.PONG;
    }

    /**
     * Idle connections, each reopened as soon as the server closes it, from the same address as the
     * real peer: the peer's handshake gets through every time, and the log holds a burst and a count.
     */
    @Test
    void connect_duringAnIdleReopeningFlood_realPeerGetsInEveryTime() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger reopened = new AtomicInteger();
        List<Thread> attackers = new ArrayList<>();
        try (WireServer s = pong(SMALL)) {
            CountDownLatch full = new CountDownLatch(4 * SMALL.pendingHandshakes());
            for (int i = 0; i < 4 * SMALL.pendingHandshakes(); i++) {
                attackers.add(Thread.ofVirtual().start(() -> {
                    while (!stop.get()) {
                        try (Socket idle = new Socket("127.0.0.1", s.port())) {
                            full.countDown();
                            idle.setSoTimeout(30_000);
                            // Blocks until the server sheds this connection, then opens the next one.
                            idle.getInputStream().read();
                            reopened.incrementAndGet();
                        } catch (IOException e) {
                            // Refused or reset: open another.
                        }
                    }
                }));
            }
            assertTrue(full.await(30, TimeUnit.SECONDS), "the flood is on");
            for (int attempt = 0; attempt < 7; attempt++) {
                try (WireClient c = driver(s)) {
                    assertTrue(pings(c), "attempt " + attempt);
                }
            }
            // Refusals are logged by each connection's own thread: wait for the burst to be written.
            awaitLines(l -> l.startsWith("refused "), SMALL.logBurst(), Duration.ofSeconds(30));
            stop.set(true);
            for (Thread t : attackers) {
                t.join(30_000);
            }
            assertTrue(reopened.get() > 0, "the server shed idle connections to let newcomers in");
            // One refusal beyond the burst that is surely counted before the close writes the count:
            // a length no frame may have is logged before the server hangs up.
            try (Socket raw = new Socket("127.0.0.1", s.port())) {
                raw.setSoTimeout(10_000);
                new DataOutputStream(raw.getOutputStream()).writeInt(Integer.MAX_VALUE);
                assertEquals(-1, raw.getInputStream().read());
            }
        } finally {
            stop.set(true);
            for (Thread t : attackers) {
                t.join(30_000);
            }
        }
        long refusals = log.stream().filter(l -> l.startsWith("refused ")).count();
        assertTrue(refusals <= SMALL.logBurst(), "at most a burst of refusals is written: " + log);
        assertTrue(
                log.stream().anyMatch(l -> l.matches("\\.\\.\\. [0-9,]+ more refused handshakes in [0-9]+ s")),
                log.toString());
        assertTrue(log.stream().anyMatch(l -> l.contains("shed")), log.toString());
    }

    private static byte[] hello() {
        return new Handshake.Hello(
                        Handshake.MAGIC, Handshake.WIRE_VERSION, Handshake.version(), "driver", Handshake.challenge())
                .encode();
    }

    /**
     * A valid hello without the proof earns a connection nothing: when the source's share is full, it
     * is shed before a newer connection whose hello has not arrived yet (a real peer's, a moment after
     * its connect), and told why.
     */
    @Test
    void admit_sourceFull_helloWithoutProofShedFirstAndToldWhy() throws Exception {
        WireLimits limits = new WireLimits(16, 2, 20_000, 2, 5, 10_000);
        try (WireServer s = pong(limits);
                Socket a = new Socket("127.0.0.1", s.port());
                FrameIO helloOnly = new FrameIO(a)) {
            helloOnly.write(FrameType.HELLO, 0, hello());
            assertEquals(FrameType.CHALLENGE, helloOnly.read(10_000).type(), "its hello was read");
            try (Socket b = new Socket("127.0.0.1", s.port());
                    FrameIO newer = new FrameIO(b);
                    Socket third = new Socket("127.0.0.1", s.port())) {
                assertTrue(third.isConnected());
                Frame f = helloOnly.read(10_000);
                assertEquals(FrameType.REFUSED, f.type());
                assertEquals(
                        "shed by the listener's handshake limit (a flood?)",
                        Control.Error.decode(f.body()).message());
                newer.write(FrameType.HELLO, 0, hello());
                assertEquals(FrameType.CHALLENGE, newer.read(10_000).type(), "the newer connection stays");
            }
        }
    }

    @Test
    void connect_beyondTheCapPerRole_refusedUntilOneCloses() throws Exception {
        CountDownLatch closed = new CountDownLatch(1);
        WireServer.Handler handler = new WireServer.Handler() {
            @Override
            public void handle(WireServer.Connection c, Frame f) {
                c.reply(f, Control.Ping.decode(f.body()).pong());
            }

            @Override
            public void closed(WireServer.Connection c) {
                closed.countDown();
            }
        };
        try (WireServer s = server(SMALL, handler)) {
            WireClient first = driver(s);
            try (WireClient second = driver(s)) {
                var e = assertThrows(WireException.class, () -> driver(s));
                assertTrue(e.getMessage().contains("already holds 2 connections"), e.getMessage());
                assertTrue(pings(second), "the connections within the cap go on");
                first.close();
                assertTrue(closed.await(10, TimeUnit.SECONDS));
                try (WireClient third = driver(s)) {
                    assertTrue(pings(third));
                }
            }
        }
    }

    /** A header announcing 4 MiB costs one chunk until the bytes really come. */
    @Test
    void readBody_hugeAnnouncedFrameThatStalls_allocatesOneChunk() throws Exception {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().threadId();
        InputStream stalls =
                new SequenceInputStream(new ByteArrayInputStream(new byte[100]), InputStream.nullInputStream());
        long before = threads.getThreadAllocatedBytes(id);
        assertThrows(EOFException.class, () -> FrameIO.readBody(new DataInputStream(stalls), Frame.MAX_BYTES - 5));
        long allocated = threads.getThreadAllocatedBytes(id) - before;
        assertTrue(
                allocated < 2 * FrameIO.CHUNK_BYTES, "allocated " + allocated + " bytes for a frame that never came");
        byte[] whole = new byte[300_000];
        whole[299_999] = 7;
        assertEquals(7, FrameIO.readBody(new DataInputStream(new ByteArrayInputStream(whole)), whole.length)[299_999]);
    }

    /** Authenticated peers announcing the largest frame and stalling: the server goes on serving. */
    @Test
    void read_manyPeersAnnouncingHugeFrames_serverStillServes() throws Exception {
        WireLimits limits = new WireLimits(64, 64, 3_000, 64, 5, 10_000);
        List<Socket> stalled = new ArrayList<>();
        try (WireServer s = pong(limits)) {
            try {
                for (int i = 0; i < 40; i++) {
                    Socket raw = new Socket("127.0.0.1", s.port());
                    stalled.add(raw);
                    FrameIO io = new FrameIO(raw);
                    Handshake.client(io, "appserver-1", token, "test server");
                    var out = new DataOutputStream(raw.getOutputStream());
                    out.writeInt(Frame.MAX_BYTES);
                    out.writeByte(FrameType.PING.code());
                    out.writeInt(1);
                    out.flush();
                }
                try (WireClient c = driver(s)) {
                    assertTrue(pings(c));
                }
            } finally {
                for (Socket x : stalled) {
                    x.close();
                }
            }
        }
    }

    @Test
    void handshake_roleAndVersionWithNewlinesAndAnsi_loggedEscaped() throws Exception {
        try (WireServer s = pong(SMALL)) {
            for (String[] hello : new String[][] {
                {"1.0\nFAKE LINE", "driver"}, {Handshake.version(), "x\n\u001b[31mappserver-1 registered"}
            }) {
                try (Socket raw = new Socket("127.0.0.1", s.port());
                        FrameIO io = new FrameIO(raw)) {
                    io.write(
                            FrameType.HELLO,
                            0,
                            new Handshake.Hello(
                                            Handshake.MAGIC,
                                            Handshake.WIRE_VERSION,
                                            hello[0],
                                            hello[1],
                                            Handshake.challenge())
                                    .encode());
                    assertEquals(FrameType.REFUSED, io.read(10_000).type());
                }
            }
        }
        assertTrue(log.stream().anyMatch(l -> l.contains("1.0\\nFAKE LINE")), log.toString());
        assertTrue(log.stream().anyMatch(l -> l.contains("x\\n\\u001b[31mappserver-1")), log.toString());
        assertFalse(log.stream().anyMatch(l -> l.contains("\n") || l.contains("\u001b")), log.toString());
    }

    @Test
    void handshake_peerHangsUpMidway_loggedWithWhatHappenedNeverNull() throws Exception {
        try (WireServer s = pong(SMALL)) {
            try (Socket raw = new Socket("127.0.0.1", s.port())) {
                var out = new DataOutputStream(raw.getOutputStream());
                out.writeInt(40);
                out.writeByte(FrameType.HELLO.code());
                out.flush();
            }
            // Each connection has its own server thread: nothing orders its log line before another
            // peer's reply, so the test waits for the line itself.
            String refused = awaitLine(l -> l.contains("refused "), Duration.ofSeconds(10));
            assertTrue(refused.contains("closed the connection before the handshake ended"), refused);
            try (WireClient c = driver(s)) {
                assertTrue(pings(c), "the server goes on after the hang-up");
            }
        }
        assertFalse(log.stream().anyMatch(l -> l.contains("null")), log.toString());
    }

    private String awaitLine(Predicate<String> wanted, Duration bound) throws InterruptedException {
        awaitLines(wanted, 1, bound);
        return log.stream().filter(wanted).findFirst().orElseThrow();
    }

    /** Waits until {@code n} lines of the log match: each line reaches {@link #lines} after {@link #log}. */
    private void awaitLines(Predicate<String> wanted, int n, Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        while (log.stream().filter(wanted).count() < n) {
            if (lines.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS) == null) {
                throw new AssertionError("fewer than " + n + " such lines within " + bound + ": " + log);
            }
        }
    }
}
