package org.sdbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.apptier.central.CentralServices;
import org.sdbench.core.Clock;
import org.sdbench.database.load.TestDb;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;

/**
 * A run refused before ramp-up (its app tier refuses it, the metrics port is in use, a bad token file)
 * leaves no run folder behind.
 */
class RefusedRunTest {
    private static final String SCHEMA = "it_refused_run";

    @TempDir
    Path results;

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    private TestDb.Run run(String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "--users",
                "2",
                "--duration",
                "1s",
                // Only the start's checks and the summary's lines are asserted: no ramps around the window.
                "--ramp-up",
                "0s",
                "--ramp-down",
                "0s",
                "--set",
                "run.resultsDir=" + results));
        args.addAll(List.of(extra));
        return TestDb.sdbench(args.toArray(String[]::new));
    }

    private void oneLineNoFolder(TestDb.Run r, int exit, String contains) throws IOException {
        assertEquals(exit, r.exit(), r.out() + r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains(contains), err);
        try (var left = Files.list(results)) {
            assertEquals(List.of(), left.toList(), "no run folder");
        }
    }

    @Test
    void run_metricsPortInUse_exit3NoFolder() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            oneLineNoFolder(run("--metrics-port", Integer.toString(taken.getLocalPort())), 3, "'--metrics-port' = ");
        }
    }

    @Test
    void run_worldReadableMetricsToken_exit2NoFolder() throws IOException {
        Path token = results.getParent()
                .resolve("refused-run-token-" + ProcessHandle.current().pid());
        try {
            Files.writeString(token, "0123456789abcdef0123");
            Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));
            oneLineNoFolder(
                    run("--metrics-port", "0", "--metrics-bind", "0.0.0.0", "--metrics-token-file", token.toString()),
                    2,
                    "accessible by group or others");
        } finally {
            Files.deleteIfExists(token);
        }
    }

    @Test
    void run_metricsOnIpv6Loopback_urlInBrackets() {
        TestDb.Run r = run("--metrics-port", "0", "--metrics-bind", "::1", "--accept-errors");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(
                r.out().lines().anyMatch(l -> l.matches("prometheus metrics: http://\\[::1\\]:\\d+/metrics")), r.out());
        assertFalse(r.out().contains("0:0:0:0:0:0:0:1"), r.out());
    }

    @Test
    void run_centralServicesRequireATokenTheRunLacks_exit3AndNoRunFolder(@TempDir Path dir) throws Exception {
        Path tokenFile = dir.resolve("token");
        Files.createFile(tokenFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tokenFile, "refused-run-secret-" + System.nanoTime());
        Path results = dir.resolve("results");
        try (CentralServices central =
                CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, Token.read(tokenFile), Clock.SYSTEM, line -> {})) {
            TestDb.Run r = TestDb.sdbench(
                    "run",
                    "-c",
                    "config/three-tier.yaml",
                    "--db-url",
                    TestDb.url(),
                    "--set",
                    "database.schema=" + SCHEMA,
                    "--users",
                    "2",
                    "--duration",
                    "5s",
                    "--set",
                    "appServer.central=127.0.0.1:" + central.port(),
                    "--set",
                    "run.resultsDir=" + results);

            assertEquals(3, r.exit(), r.out() + r.err());
            assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
        }
        try (var left = Files.list(results)) {
            assertEquals(0, left.count(), "no partial run folder in " + results);
        } catch (NoSuchFileException none) {
            // Not even the results folder: nothing left behind either.
        }
    }
}
