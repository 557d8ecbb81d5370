package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.TestDb;

/** Blocking sockets keep pgjdbc's bounds: the watchdog turns a read past its timeout into a timeout. */
class WatchedSocketTest {
    private static final Duration BOUND = Duration.ofSeconds(20);

    @Test
    void read_peerSilentPastTimeout_socketTimeoutAndClosed() throws Exception {
        var watchdog = new SocketWatchdog(false);
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket s = new WatchedSocketFactory(watchdog).createSocket()) {
            s.connect(server.getLocalSocketAddress(), 5_000);
            try (Socket peer = server.accept()) {
                assertTrue(peer.isConnected(), "the peer accepts and then stays silent");
                s.setSoTimeout(500);
                assertEquals(500, s.getSoTimeout());
                InputStream in = s.getInputStream();
                var reader = Executors.newSingleThreadExecutor();
                try {
                    var read = reader.submit(() -> in.read(new byte[16]));
                    // Scanning with a clock far past any deadline, until the read has begun and is expired.
                    assertTimeoutPreemptively(BOUND, () -> {
                        while (!read.isDone()) {
                            watchdog.scan(
                                    System.nanoTime() + Duration.ofHours(1).toNanos());
                            Thread.onSpinWait();
                        }
                    });
                    var failure = assertThrows(ExecutionException.class, read::get);
                    assertInstanceOf(SocketTimeoutException.class, failure.getCause());
                    assertTrue(s.isClosed());
                    assertEquals(0, watchdog.watched());
                } finally {
                    reader.shutdownNow();
                }
            }
        }
    }

    @Test
    void read_dataBeforeDeadline_deliveredAndSocketKept() throws Exception {
        var watchdog = new SocketWatchdog(false);
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket s = new WatchedSocketFactory(watchdog)
                        .createSocket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                Socket peer = server.accept()) {
            s.setSoTimeout(60_000);
            peer.getOutputStream().write(42);
            assertEquals(42, s.getInputStream().read());
            // The read is over: a scan at any later time must leave the socket alone.
            watchdog.scan(System.nanoTime() + Duration.ofHours(1).toNanos());
            assertTrue(!s.isClosed());
            assertEquals(1, watchdog.watched());
        }
    }

    @Test
    void setSoTimeout_shorterThanScanPeriod_realSocketTimesOutAndStaysUsable() throws Exception {
        var watchdog = new SocketWatchdog(false);
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket s = new WatchedSocketFactory(watchdog).createSocket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()));
            try (Socket peer = server.accept()) {
                s.setSoTimeout(1);
                assertEquals(1, s.getSoTimeout());
                assertTimeoutPreemptively(
                        BOUND,
                        () -> assertThrows(
                                SocketTimeoutException.class,
                                () -> s.getInputStream().read()));
                peer.getOutputStream().write(7);
                s.setSoTimeout(0);
                assertEquals(7, s.getInputStream().read());
            }
        }
    }

    /** The real thing: pgjdbc's socket timeout (a network timeout here) still ends a statement the server stalls. */
    @Test
    void query_serverSlowerThanNetworkTimeout_failsWithSocketTimeout() throws Exception {
        try (Database db = TestDb.open(TestDb.config("watched_socket"));
                Connection c = db.connect()) {
            var executor = Executors.newSingleThreadExecutor();
            try {
                c.setNetworkTimeout(executor, 1_000);
                try (Statement st = c.createStatement();
                        ResultSet rs = st.executeQuery("SELECT 1")) {
                    rs.next();
                    assertEquals(1, rs.getInt(1));
                }
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
    }
}
