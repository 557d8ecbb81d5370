package org.sdbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new java.util.ArrayList<>();
        // A build started in the background of a non-interactive shell ignores SIGINT, its children inherit
        // that, and a JVM that starts with SIGINT ignored never installs its handler: the signal would never
        // reach sdbench. A user's terminal does not do this; coreutils' env restores the default.
        if (envRestoresSigint()) {
            command.addAll(List.of("env", "--default-signal=INT"));
        }
        command.addAll(List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "run", "-c", "config/quick.yaml", "--users", "2", "--ramp-up", "1s", "--duration", "5m",
                "--ramp-down", "0s", "--interval", "1", "--set", "workload.thinkTime=50ms",
                "--set", "database.embeddedPort=" + port, "--set", "run.resultsDir=" + results));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("SDBENCH_HOME", home.toString());
        Process p = pb.start();
        try {
            StringBuilder log = new StringBuilder();
            var reader = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            CompletableFuture<Void> inWindow = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                try {
                    for (String line; (line = reader.readLine()) != null; ) {
                        synchronizedAppend(log, line);
                        // Progress lines come once per interval after the start line: users are in their loops.
                        if (log.indexOf("sdbench run '") >= 0 && line.matches(".*\\bDS/h\\b.*")) {
                            inWindow.complete(null);
                        }
                    }
                } catch (IOException e) {
                    inWindow.completeExceptionally(e);
                }
                inWindow.complete(null);
            });
            inWindow.get(4, TimeUnit.MINUTES);
            assertTrue(p.isAlive(), "the run ended before it was interrupted: " + log);
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor(10, TimeUnit.SECONDS);
            assertTrue(p.waitFor(3, TimeUnit.MINUTES), "the interrupted run did not end: " + log);
            String out;
            synchronized (log) {
                out = log.toString();
            }
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
            String transport = Json.MAPPER.readTree(folder.resolve("environment.json").toFile()).at("/database/transport").asText();
            assertEquals("unix-domain socket " + home.resolve("embedded-pg17").resolve(".s.PGSQL." + port), transport);
            assertFalse(Files.exists(home.resolve("embedded-pg17").resolve("postmaster.pid")),
                    "the embedded server was stopped after the folder was written");
        } finally {
            p.destroyForcibly();
        }
    }

    private static boolean envRestoresSigint() {
        try {
            Process p = new ProcessBuilder("env", "--default-signal=INT", "true").redirectErrorStream(true).start();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (Files.exists(root)) {
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    private static void synchronizedAppend(StringBuilder log, String line) {
        synchronized (log) {
            log.append(line).append('\n');
        }
    }
}
