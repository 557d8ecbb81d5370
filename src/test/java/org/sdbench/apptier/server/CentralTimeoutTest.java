package org.sdbench.apptier.server;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sdbench.config.HostAndPort;
import org.sdbench.protocol.enqueue.EnqueueUnavailableException;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireServer;

/**
 * Central services that accept connections but never answer (hung, or a host gone without a reset):
 * an app server's enqueue request ends after appServer.centralTimeout with one line, instead of
 * hanging the step (the driver's side: {@code remote.CentralTimeoutTest}).
 */
class CentralTimeoutTest {
    private static final Token TOKEN = Token.random();

    private static WireServer hung() {
        return WireServer.start(
                Wire.DEFAULTS, "127.0.0.1", 0, TOKEN, (c, f) -> {}, line -> {}, "hung central services");
    }

    @Test
    void lock_centralNeverAnswers_failsAfterTheTimeout() {
        try (WireServer central = hung();
                WireClient client = WireClient.connect(
                        Wire.DEFAULTS,
                        Dialer.Hop.APP_TO_CENTRAL,
                        new HostAndPort("127.0.0.1", central.port()),
                        "appserver-1",
                        TOKEN,
                        Duration.ofSeconds(5),
                        "central services")) {
            RemoteEnqueue enqueue = new RemoteEnqueue(client, Duration.ofMillis(300));
            long t0 = System.nanoTime();
            // An environment failure the step reports as enqueue-unavailable, not a bug.
            var e = assertThrows(
                    EnqueueUnavailableException.class,
                    () -> enqueue.lock(new LockOwner("user:1"), "VBAK", "0000000001", LockMode.EXCLUSIVE));
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(e.getMessage().contains("no reply within 300 ms"), e.getMessage());
            assertTrue(ms < 10_000, "bounded: " + ms + " ms");
        }
    }
}
