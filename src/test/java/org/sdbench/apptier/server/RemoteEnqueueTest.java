package org.sdbench.apptier.server;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.sdbench.apptier.central.CentralServices;
import org.sdbench.config.HostAndPort;
import org.sdbench.core.Clock;
import org.sdbench.protocol.enqueue.EnqueueRefusedException;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;

/** The central services refuse an owner that is not the instance's: a refusal, not an unreachable enqueue server. */
class RemoteEnqueueTest {
    private final Token token = Token.random();

    @Test
    void lock_ownerOfNoInstance_refusedNotUnavailable() {
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, line -> {});
                WireClient client = WireClient.connect(
                        Wire.DEFAULTS,
                        Dialer.Hop.APP_TO_CENTRAL,
                        new HostAndPort("127.0.0.1", central.port()),
                        "appserver-1",
                        token,
                        Duration.ofSeconds(5),
                        "central services")) {
            RemoteEnqueue enqueue = new RemoteEnqueue(client, Duration.ofSeconds(5));
            var e = assertThrows(
                    EnqueueRefusedException.class,
                    () -> enqueue.lock(new LockOwner("user:3"), "EVVBAKE", "0000000001", LockMode.EXCLUSIVE));
            assertTrue(e.getMessage().contains("names no app-server instance"), e.getMessage());
            enqueue.lock(LockOwner.session(1, "r", 3), "EVVBAKE", "0000000001", LockMode.EXCLUSIVE);
        }
    }
}
