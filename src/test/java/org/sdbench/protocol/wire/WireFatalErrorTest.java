package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sdbench.config.HostAndPort;

/**
 * An Error in a listener's reader thread ends the process with exit 3 and one line, in a process of
 * its own, rather than the thread dying while the process goes on listening.
 */
class WireFatalErrorTest {
    /** A listener whose every frame ends in an OutOfMemoryError, as a full heap would. */
    public static final class Listener {
        public static void main(String[] args) throws InterruptedException {
            WireServer s = WireServer.start(
                    Wire.DEFAULTS,
                    "127.0.0.1",
                    0,
                    Token.fromEnvironment(),
                    (c, f) -> {
                        throw new OutOfMemoryError("Java heap space (as the test makes it)");
                    },
                    line -> {},
                    "test listener");
            System.out.println("port=" + s.port());
            System.out.flush();
            new CountDownLatch(1).await(2, TimeUnit.MINUTES);
        }
    }

    @Test
    void read_errorInTheReaderThread_processEndsWithExit3AndOneLine() throws Exception {
        Token token = Token.random();
        ProcessBuilder pb = new ProcessBuilder(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Listener.class.getName()));
        pb.environment().put(Token.ENVIRONMENT, token.forEnvironment());
        Process p = pb.start();
        try {
            int port;
            try (var out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                port = Integer.parseInt(out.readLine().substring("port=".length()));
                try (WireClient c = WireClient.connect(
                        Wire.DEFAULTS,
                        Dialer.Hop.DRIVER_TO_APP,
                        new HostAndPort("127.0.0.1", port),
                        "driver",
                        token,
                        Duration.ofSeconds(10),
                        "test listener")) {
                    c.send(FrameType.PING, new Control.Ping(8, 0).encode());
                    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the process ended");
                }
            }
            assertEquals(3, p.exitValue());
            List<String> err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
            assertEquals(1, err.size(), err.toString());
            assertTrue(
                    err.get(0).contains("the thread reading driver at")
                            && err.get(0).contains("OutOfMemoryError")
                            && err.get(0).endsWith("the process ends (exit 3)"),
                    err.get(0));
        } finally {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
