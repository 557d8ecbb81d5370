package org.sdbench.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.config.ConfigException;
import org.sdbench.core.EnvironmentException;

class NipingTest {
    private static final InetSocketAddress LOOPBACK_ANY = new InetSocketAddress("127.0.0.1", 0);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final List<String> log = new CopyOnWriteArrayList<>();

    @Test
    void latency_smallMessages_sizesWithinTheNipingBands() throws IOException {
        try (NipingServer s = NipingServer.start(LOOPBACK_ANY, null, 4, log::add);
                NipingClient c = NipingClient.connect(s.address(), null, TIMEOUT)) {
            NipingClient.Result r = c.latency(200, 5);
            assertEquals(200, r.roundTrip().samples());
            assertTrue(r.requestBytes() >= 200 * 300 && r.requestBytes() <= 200 * 500, "requests " + r.requestBytes());
            assertTrue(r.replyBytes() >= 200 * 1000 && r.replyBytes() <= 200 * 1500, "replies " + r.replyBytes());
            assertTrue(r.roundTrip().minMs() > 0
                    && r.roundTrip().minMs() <= r.roundTrip().avgMs()
                    && r.roundTrip().avgMs() <= r.roundTrip().maxMs());
            assertTrue(r.megabytesPerSecond() > 0);
        }
    }

    @Test
    void bandwidth_fiftyKilobyteBlocks_everyByteCounted() throws IOException {
        try (NipingServer s = NipingServer.start(LOOPBACK_ANY, null, 4, log::add);
                NipingClient c = NipingClient.connect(s.address(), null, TIMEOUT)) {
            NipingClient.Result r = c.bandwidth(20);
            assertEquals(20L * 50_000, r.requestBytes());
            assertEquals(20L * 50_000, r.replyBytes());
            assertEquals(20, s.served());
        }
    }

    @Test
    void latency_throughARelay_roundTripNeverBelowTheEmulatedDelay() throws IOException {
        LinkProfile twoMs = new LinkProfile(Duration.ofMillis(2), Duration.ZERO, 0, LinkProfile.LINUX_MIN_RTO);
        try (NipingServer s = NipingServer.start(LOOPBACK_ANY, null, 4, log::add);
                Relay relay = Relay.start(RelaySpec.loopback(s.address(), twoMs, LinkProfile.NONE, 1));
                NipingClient c = NipingClient.connect(relay.address(), null, TIMEOUT)) {
            assertTrue(c.latency(30, 1).roundTrip().minMs() >= 2.0);
        }
    }

    @Test
    void connect_wrongToken_refusedAndLoggedWithoutTheToken() throws IOException {
        byte[] token = "0123456789abcdef-secret".getBytes(StandardCharsets.UTF_8);
        try (NipingServer s = NipingServer.start(LOOPBACK_ANY, token, 4, log::add)) {
            EnvironmentException e = assertThrows(
                    EnvironmentException.class,
                    () -> NipingClient.connect(
                            s.address(), "0123456789abcdef-wrong".getBytes(StandardCharsets.UTF_8), TIMEOUT));
            assertTrue(e.getMessage().contains("refused"), e.getMessage());
            assertThrows(EnvironmentException.class, () -> NipingClient.connect(s.address(), null, TIMEOUT));
            try (NipingClient ok = NipingClient.connect(s.address(), token, TIMEOUT)) {
                assertEquals(3, ok.latency(3, 1).loops());
            }
            assertEquals(2, s.refused());
            assertTrue(log.stream().anyMatch(l -> l.contains("wrong or missing token")), log.toString());
            assertTrue(log.stream().noneMatch(l -> l.contains("secret") || l.contains("wrong\"")), log.toString());
        }
    }

    @Test
    void start_nonLoopbackWithoutToken_refused() {
        ConfigException e = assertThrows(
                ConfigException.class,
                () -> NipingServer.start(new InetSocketAddress("0.0.0.0", 0), null, 4, log::add));
        assertTrue(e.getMessage().contains("--token-file"), e.getMessage());
    }

    @Test
    void connect_nothingListening_environmentError() throws IOException {
        int port;
        try (var probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        EnvironmentException e = assertThrows(
                EnvironmentException.class,
                () -> NipingClient.connect(new InetSocketAddress("127.0.0.1", port), null, TIMEOUT));
        assertTrue(e.getMessage().startsWith("cannot reach niping server 127.0.0.1:" + port), e.getMessage());
    }

    @Test
    void tokenFile_groupReadable_refused_ownerOnly_read(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("token");
        Files.writeString(f, "0123456789abcdefXYZ\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r-----"));
        ConfigException e = assertThrows(ConfigException.class, () -> TokenFile.read("--token-file", f));
        assertTrue(e.getMessage().contains("chmod 600"), e.getMessage());
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        assertEquals("0123456789abcdefXYZ", new String(TokenFile.read("--token-file", f), StandardCharsets.UTF_8));
    }
}
