package org.sdbench.measure.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.apptier.instance.AppServerSystem;
import org.sdbench.apptier.instance.transaction.SdTransactions;
import org.sdbench.config.ConfigException;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;
import org.sdbench.protocol.UpdateListener;

/** The scrape endpoint: loopback by default, a token for anything else, and no client can stall it. */
class PrometheusEndpointTest {
    private static Database db;
    private static AppServerSystem system;
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

    @TempDir
    static Path tmp;

    @BeforeAll
    static void system() {
        var c = TestDb.config("it_metrics_endpoint");
        db = TestDb.open(c);
        system = new AppServerSystem(
                c.appServer(),
                c.workload(),
                db,
                new SdTransactions(),
                SdTransactions.updateModules(),
                UpdateListener.NONE,
                Clock.SYSTEM,
                1,
                1);
    }

    @AfterAll
    static void close() throws Exception {
        system.close();
        db.close();
    }

    private static PrometheusEndpoint start(PrometheusEndpoint.Binding b) {
        return PrometheusEndpoint.start(b, system::figures, () -> 0, () -> 0);
    }

    private static HttpResponse<String> get(PrometheusEndpoint e, String authorization) throws Exception {
        var req = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + e.port() + "/metrics"))
                .timeout(Duration.ofSeconds(3));
        if (authorization != null) {
            req.header("Authorization", authorization);
        }
        return HTTP.send(req.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void start_noAddressGiven_listensOnLoopbackOnly() throws Exception {
        try (var e = PrometheusEndpoint.start(
                new PrometheusEndpoint.Binding(null, 0, null), system::figures, () -> 0, () -> 0)) {
            assertTrue(InetAddress.getByName(e.host()).isLoopbackAddress(), e.host());
            assertEquals(200, get(e, null).statusCode());
        }
    }

    @Test
    void scrape_afterGarbageCollection_gaugesStillReadTheirSuppliers() throws Exception {
        int[] users = {7};
        int[] phase = {1};
        // capturing lambdas that only the endpoint holds, as the run passes them
        try (var e = PrometheusEndpoint.start(
                new PrometheusEndpoint.Binding(null, 0, null), system::figures, () -> users[0], () -> phase[0])) {
            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            String body = get(e, null).body();
            assertTrue(body.contains("sdbench_users_logged_on 7.0"), body);
            assertTrue(body.contains("sdbench_run_phase 1.0"), body);
        }
    }

    @Test
    void binding_otherInterfaceWithoutToken_refused() {
        var ex = assertThrows(ConfigException.class, () -> new PrometheusEndpoint.Binding("0.0.0.0", 9400, null));
        assertTrue(ex.getMessage().startsWith("'--metrics-bind' = '0.0.0.0' is not allowed"), ex.getMessage());
    }

    @Test
    void run_metricsBindAllInterfacesWithoutToken_exit2BeforeTouchingTheDatabase() {
        var r = TestDb.sdbench(
                "run",
                "--metrics-port",
                "0",
                "--metrics-bind",
                "0.0.0.0",
                "--db-url",
                "jdbc:postgresql://127.0.0.1:1/none");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("--metrics-token-file"), r.err());
    }

    @Test
    void scrape_withTokenFile_onlyTheRightBearerTokenIsServed() throws Exception {
        Path token = Files.writeString(tmp.resolve("token"), "s3cret-token\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-------"));
        try (var e = start(new PrometheusEndpoint.Binding("127.0.0.1", 0, token))) {
            assertEquals(401, get(e, null).statusCode());
            assertEquals(401, get(e, "Bearer wrong").statusCode());
            var ok = get(e, "Bearer s3cret-token");
            assertEquals(200, ok.statusCode());
            assertTrue(ok.body().contains("sdbench_users_logged_on"), ok.body());
        }
    }

    @Test
    void start_tokenFileReadableByOthers_refused() throws Exception {
        Path token = Files.writeString(tmp.resolve("loose-token"), "t\n");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));
        var ex =
                assertThrows(ConfigException.class, () -> start(new PrometheusEndpoint.Binding("127.0.0.1", 0, token)));
        assertTrue(ex.getMessage().contains("accessible by group or others"), ex.getMessage());
    }

    @Test
    void scrape_oneClientStopsMidRequest_othersServedAndItsConnectionClosed() throws Exception {
        try (var e = PrometheusEndpoint.start(
                        new PrometheusEndpoint.Binding(null, 0, null), system::figures, () -> 0, () -> 0);
                Socket slow = new Socket(InetAddress.getLoopbackAddress(), e.port())) {
            OutputStream o = slow.getOutputStream();
            o.write("GET /metrics HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
            o.flush();
            for (int i = 0; i < 3; i++) {
                assertEquals(200, get(e, null).statusCode(), "a scrape behind a stalled client");
            }
            // The stalled request is cut off after the client timeout (plus the server's one-second timer).
            slow.setSoTimeout((MetricsSocket.CLIENT_TIMEOUT_SECONDS + 5) * 1000);
            InputStream in = slow.getInputStream();
            assertEquals(-1, in.read(), "the server closed the stalled connection");
        }
    }
}
