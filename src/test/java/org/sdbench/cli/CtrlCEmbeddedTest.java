package org.sdbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.sdbench.report.Json;

/**
 * Ctrl-C during a run on the embedded server, in a real process: the run's folder is written
 * before the server stops (both react to the same shutdown), the process exits 130, and the
 * server is stopped afterwards.
 */
class CtrlCEmbeddedTest {
    @Test
    void run_sigintWithEmbeddedServer_folderWrittenThenServerStoppedExit130() throws Exception {
        Path home = Path.of("target", "ctrl-c-home").toAbsolutePath();
        Path results = Path.of("target", "test-results", "ctrl-c").toAbsolutePath();
        // A fresh server each time: data left by an older build may lack tables of the current schema.
        deleteTree(home);
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        try (InterruptibleRun run = InterruptibleRun.start(
                Map.of("SDBENCH_HOME", home.toString()),
                // Progress lines come once per interval after the start line: users are in their loops.
                line -> line.matches(".*\\bDS/h\\b.*"),
                "run",
                "-c",
                "config/quick.yaml",
                "--users",
                "2",
                "--ramp-up",
                "1s",
                "--duration",
                "5m",
                "--ramp-down",
                "0s",
                "--interval",
                "1",
                "--set",
                "workload.thinkTime=50ms",
                "--set",
                "database.embeddedPort=" + port,
                "--set",
                "run.resultsDir=" + results)) {
            Process p = run.process();
            run.awaitLine(4);
            assertTrue(p.isAlive(), "the run ended before it was interrupted: " + run.output());
            assertTrue(run.interruptAndWait(3), "the interrupted run did not end: " + run.output());
            String out = run.output();
            Files.writeString(Path.of("target", "ctrl-c-run.log"), out);
            assertEquals(130, p.exitValue(), out);
            Path folder;
            try (Stream<Path> dirs = Files.list(results)) {
                folder = dirs.max(Path::compareTo).orElseThrow();
            }
            for (String f : List.of("result.json", "intervals.csv", "report.html")) {
                assertTrue(Files.size(folder.resolve(f)) > 0, f + " written: " + out);
            }
            assertTrue(Files.readString(folder.resolve("result.json")).contains("\"stoppedEarly\" : true"), out);
            // The work processes reached the embedded server through its own socket file, not loopback TCP.
            String transport = Json.MAPPER
                    .readTree(folder.resolve("environment.json").toFile())
                    .at("/database/transport")
                    .asText();
            assertEquals("unix-domain socket " + home.resolve("embedded-pg17").resolve(".s.PGSQL." + port), transport);
            assertFalse(
                    Files.exists(home.resolve("embedded-pg17").resolve("postmaster.pid")),
                    "the embedded server was stopped after the folder was written");
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (Files.exists(root)) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
