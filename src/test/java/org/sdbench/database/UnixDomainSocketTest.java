package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.database.load.TestDb;

/** The Unix-domain transport keeps the bounds of the TCP one and really bypasses TCP. */
class UnixDomainSocketTest {
    private static final Duration BOUND = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void read_peerSilentPastTimeout_socketTimeoutAndClosed() throws Exception {
        var watchdog = new SocketWatchdog(false);
        Path path = dir.resolve("silent.sock");
        try (ServerSocketChannel server = listen(path);
                Socket s = new UnixSocketFactory(path, watchdog).createSocket("localhost", 5432);
                SocketChannel peer = server.accept()) {
            assertTrue(peer.isConnected(), "the peer accepts and then stays silent");
            s.setSoTimeout(500);
            assertEquals(500, s.getSoTimeout());
            InputStream in = s.getInputStream();
            var reader = Executors.newSingleThreadExecutor();
            try {
                var read = reader.submit(() -> in.read(new byte[16]));
                expireUntilDone(watchdog, read);
                var failure = assertThrows(ExecutionException.class, read::get);
                assertInstanceOf(SocketTimeoutException.class, failure.getCause());
                assertTrue(s.isClosed());
                assertEquals(0, watchdog.watched());
            } finally {
                reader.shutdownNow();
            }
        }
    }

    @Test
    void read_dataBeforeDeadline_deliveredAndSocketKept() throws Exception {
        var watchdog = new SocketWatchdog(false);
        Path path = dir.resolve("talking.sock");
        try (ServerSocketChannel server = listen(path);
                Socket s = new UnixSocketFactory(path, watchdog).createSocket("localhost", 5432);
                SocketChannel peer = server.accept()) {
            s.setSoTimeout(60_000);
            peer.write(ByteBuffer.wrap(new byte[] {42, 43}));
            assertEquals(42, s.getInputStream().read());
            byte[] rest = new byte[8];
            assertEquals(1, s.getInputStream().read(rest, 0, rest.length));
            assertEquals(43, rest[0]);
            watchdog.scan(System.nanoTime() + Duration.ofHours(1).toNanos());
            assertFalse(s.isClosed());
            assertEquals(1, watchdog.watched());
            s.getOutputStream().write(new byte[] {1, 2, 3});
            s.getOutputStream().flush();
            ByteBuffer got = ByteBuffer.allocate(3);
            while (got.hasRemaining()) {
                peer.read(got);
            }
            assertEquals(3, got.get(2));
            peer.shutdownOutput();
            assertEquals(-1, s.getInputStream().read(rest, 0, rest.length));
        }
    }

    @Test
    void setSoTimeout_shorterThanScanPeriod_readTimesOutAndSocketStaysUsable() throws Exception {
        var watchdog = new SocketWatchdog(false);
        Path path = dir.resolve("peek.sock");
        try (ServerSocketChannel server = listen(path);
                Socket s = new UnixSocketFactory(path, watchdog).createSocket("localhost", 5432);
                SocketChannel peer = server.accept()) {
            s.setSoTimeout(1);
            assertEquals(1, s.getSoTimeout());
            assertTimeoutPreemptively(
                    BOUND,
                    () -> assertThrows(
                            SocketTimeoutException.class,
                            () -> s.getInputStream().read()));
            peer.write(ByteBuffer.wrap(new byte[] {7}));
            assertTimeoutPreemptively(
                    BOUND,
                    () -> assertEquals(7, s.getInputStream().read()),
                    "a short-timeout read returns data that is there");
            peer.write(ByteBuffer.wrap(new byte[] {8}));
            s.setSoTimeout(0);
            assertEquals(8, s.getInputStream().read());
            assertFalse(s.isClosed());
        }
    }

    @Test
    void connect_noSocketFile_failsAndUnregisters() throws Exception {
        var watchdog = new SocketWatchdog(false);
        assertThrows(
                IOException.class,
                () -> new UnixSocketFactory(dir.resolve("absent.sock"), watchdog).createSocket("localhost", 5432));
        assertEquals(0, watchdog.watched());
    }

    /** The real thing: the pools' connections reach PostgreSQL without TCP, and a stalled statement still ends. */
    @Test
    void write_largeAndSmallPieces_heldUntilFlushThenSentWhole() throws Exception {
        var watchdog = new SocketWatchdog(false);
        Path path = dir.resolve("writes.sock");
        try (ServerSocketChannel server = listen(path);
                Socket s = new UnixSocketFactory(path, watchdog).createSocket("localhost", 5432);
                SocketChannel peer = server.accept()) {
            byte[] big = new byte[70_000];
            for (int i = 0; i < big.length; i++) {
                big[i] = (byte) i;
            }
            var out = s.getOutputStream();
            out.write(7);
            out.write(big, 0, big.length);
            out.write(new byte[] {1, 2, 3}, 1, 2);
            peer.configureBlocking(false);
            assertEquals(0, peer.read(ByteBuffer.allocate(1)), "nothing is sent before the flush");
            out.flush();
            peer.configureBlocking(true);
            ByteBuffer got = ByteBuffer.allocate(1 + big.length + 2);
            while (got.hasRemaining()) {
                peer.read(got);
            }
            assertEquals(7, got.get(0));
            for (int i = 0; i < big.length; i++) {
                assertEquals(big[i], got.get(1 + i));
            }
            assertEquals(2, got.get(1 + big.length));
            assertEquals(3, got.get(2 + big.length));
            out.write(new byte[] {9}, 0, 1);
            out.flush();
            ByteBuffer again = ByteBuffer.allocate(1);
            peer.read(again);
            assertEquals(9, again.get(0), "the buffer is empty again after a flush");
        }
    }

    @Test
    void flush_moreThanTheSocketHolds_waitsForRoomAndSendsEveryByte() throws Exception {
        var watchdog = new SocketWatchdog(false);
        Path path = dir.resolve("full.sock");
        try (ServerSocketChannel server = listen(path);
                Socket s = new UnixSocketFactory(path, watchdog).createSocket("localhost", 5432);
                SocketChannel peer = server.accept()) {
            byte[] big =
                    new byte[8 << 20]; // far beyond the kernel's socket buffers: the channel's writes come back short
            for (int i = 0; i < big.length; i++) {
                big[i] = (byte) (i * 31);
            }
            var writer = Executors.newSingleThreadExecutor();
            try {
                var sent = writer.submit(() -> {
                    s.getOutputStream().write(big, 0, big.length);
                    s.getOutputStream().flush();
                    return null;
                });
                ByteBuffer got = ByteBuffer.allocate(big.length);
                assertTimeoutPreemptively(BOUND, () -> {
                    while (got.hasRemaining()) {
                        peer.read(got);
                    }
                });
                assertNull(assertTimeoutPreemptively(BOUND, () -> sent.get()));
                assertEquals(ByteBuffer.wrap(big), got.flip());
            } finally {
                writer.shutdownNow();
            }
        }
    }

    @Test
    void flush_peerNeverReadsPastTimeout_socketTimeoutAndClosed() throws Exception {
        var watchdog = new SocketWatchdog(false);
        Path path = dir.resolve("deaf.sock");
        try (ServerSocketChannel server = listen(path);
                Socket s = new UnixSocketFactory(path, watchdog).createSocket("localhost", 5432);
                SocketChannel peer = server.accept()) {
            assertTrue(peer.isConnected(), "the peer accepts and then never reads");
            s.setSoTimeout(500);
            var writer = Executors.newSingleThreadExecutor();
            try {
                var sent = writer.submit(() -> {
                    s.getOutputStream().write(new byte[8 << 20], 0, 8 << 20);
                    s.getOutputStream().flush();
                    return null;
                });
                expireUntilDone(watchdog, sent);
                var failure = assertThrows(ExecutionException.class, sent::get);
                assertInstanceOf(SocketTimeoutException.class, failure.getCause());
                assertEquals("Write timed out", failure.getCause().getMessage());
                assertTrue(s.isClosed());
            } finally {
                writer.shutdownNow();
            }
        }
    }

    @Test
    void read_interruptedWhileWaitingForTheAnswer_closesTheSocketAndKeepsTheInterrupt() throws Exception {
        var watchdog = new SocketWatchdog(false);
        Path path = dir.resolve("interrupted.sock");
        try (ServerSocketChannel server = listen(path);
                Socket s = new UnixSocketFactory(path, watchdog).createSocket("localhost", 5432);
                SocketChannel peer = server.accept()) {
            s.getOutputStream().write(new byte[] {1}, 0, 1);
            s.getOutputStream().flush();
            var outcome = new CompletableFuture<Throwable>();
            var stillInterrupted = new AtomicBoolean();
            Thread reader = Thread.ofPlatform().start(() -> {
                try {
                    s.getInputStream().read();
                    outcome.complete(null);
                } catch (Throwable t) {
                    stillInterrupted.set(Thread.currentThread().isInterrupted());
                    outcome.complete(t);
                }
            });
            // The peer took the request and answers nothing: the reader waits in its selector until interrupted.
            assertEquals(1, peer.read(ByteBuffer.allocate(1)));
            reader.interrupt();
            Throwable t = assertTimeoutPreemptively(BOUND, () -> outcome.get());
            assertInstanceOf(ClosedByInterruptException.class, t);
            assertTrue(stillInterrupted.get(), "the interrupt is not swallowed");
            assertTrue(s.isClosed());
            assertTimeoutPreemptively(BOUND, () -> reader.join());
        }
    }

    @Test
    void read_socketClosedByAnotherThreadWhileWaiting_endsWithAnIoException() throws Exception {
        var watchdog = new SocketWatchdog(false);
        Path path = dir.resolve("aborted.sock");
        try (ServerSocketChannel server = listen(path);
                Socket s = new UnixSocketFactory(path, watchdog).createSocket("localhost", 5432);
                SocketChannel peer = server.accept()) {
            s.getOutputStream().write(new byte[] {1}, 0, 1);
            s.getOutputStream().flush();
            var reader = Executors.newSingleThreadExecutor();
            try {
                var read = reader.submit(() -> s.getInputStream().read());
                assertEquals(1, peer.read(ByteBuffer.allocate(1)));
                Closeable abort = s; // a pool's abort, whether or not the reader is already waiting
                abort.close();
                var failure = assertThrows(
                        ExecutionException.class, () -> assertTimeoutPreemptively(BOUND, () -> read.get()));
                assertInstanceOf(IOException.class, failure.getCause());
            } finally {
                reader.shutdownNow();
            }
        }
    }

    @Test
    void pool_localServer_largeValuesRoundTripThroughTheSocket() throws Exception {
        try (Database db = TestDb.open(TestDb.config("unix_socket", "database.transport=unix"));
                Connection c = db.pool("unix-big", 1).getConnection()) {
            assertTrue(db.transport().isUnix(), db.transport().description());
            byte[] payload = new byte[100_000];
            new Random(5).nextBytes(payload);
            try (var ps = c.prepareStatement("SELECT ?::bytea, length(?::bytea)")) {
                ps.setBytes(1, payload);
                ps.setBytes(2, payload);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    assertTrue(Arrays.equals(payload, rs.getBytes(1)));
                    assertEquals(payload.length, rs.getInt(2));
                }
            }
        }
    }

    @Test
    void pool_localServer_connectsWithoutTcpAndNetworkTimeoutStillEnds() throws Exception {
        try (Database db = TestDb.open(TestDb.config("unix_socket", "database.transport=unix"))) {
            assertTrue(db.transport().isUnix(), db.transport().description());
            assertTrue(db.transport().description().startsWith("unix-domain socket "));
            HikariDataSource pool = db.pool("unix-test", 1);
            try (Connection c = pool.getConnection()) {
                try (Statement st = c.createStatement();
                        ResultSet rs = st.executeQuery("SELECT inet_server_addr(), inet_client_addr()")) {
                    rs.next();
                    assertNull(rs.getString(1), "a TCP connection would show the server's address");
                    assertNull(rs.getString(2));
                }
                var executor = Executors.newSingleThreadExecutor();
                try {
                    c.setNetworkTimeout(executor, 1_000);
                    SQLException e = assertTimeoutPreemptively(
                            BOUND,
                            () -> assertThrows(SQLException.class, () -> {
                                try (Statement st = c.createStatement()) {
                                    st.execute("SELECT pg_sleep(10)");
                                }
                            }));
                    assertInstanceOf(SocketTimeoutException.class, e.getCause(), e.toString());
                    assertTrue(c.isClosed());
                } finally {
                    executor.shutdownNow();
                }
            }
            try (Connection plain = db.connect();
                    Statement st = plain.createStatement();
                    ResultSet rs = st.executeQuery("SELECT inet_server_addr() IS NOT NULL")) {
                rs.next();
                assertTrue(rs.getBoolean(1), "connect() stays on TCP: its threads may be interrupted");
            }
        }
    }

    @Test
    void pool_transportTcp_usesTcp() throws Exception {
        try (Database db = TestDb.open(TestDb.config("unix_socket", "database.transport=tcp"));
                Connection c = db.pool("tcp-test", 1).getConnection();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT inet_server_addr() IS NOT NULL")) {
            assertFalse(db.transport().isUnix());
            assertEquals("tcp (database.transport=tcp)", db.transport().description());
            rs.next();
            assertTrue(rs.getBoolean(1));
        }
    }

    /** Scans with a clock far past any deadline until the operation has begun, is expired and has ended. */
    private static void expireUntilDone(SocketWatchdog watchdog, Future<?> operation) {
        assertTimeoutPreemptively(BOUND, () -> {
            while (!operation.isDone()) {
                watchdog.scan(System.nanoTime() + Duration.ofHours(1).toNanos());
                Thread.onSpinWait();
            }
        });
    }

    private static ServerSocketChannel listen(Path path) throws IOException {
        Files.deleteIfExists(path);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(path));
        return server;
    }
}
