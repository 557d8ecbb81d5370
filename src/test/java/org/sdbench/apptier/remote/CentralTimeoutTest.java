package org.sdbench.apptier.remote;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.HostAndPort;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.protocol.RunIdentity;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireException;
import org.sdbench.protocol.wire.WireServer;

/**
 * Central services that accept connections but never answer (hung, or a host gone without a reset):
 * the driver's wait for instances ends after appServer.centralTimeout with one line, instead of
 * hanging the run.
 */
class CentralTimeoutTest {
    private static final Token TOKEN = Token.random();

    @Test
    void awaitInstances_centralNeverAnswers_failsAfterTheTimeout() {
        SdbenchConfig c = new ConfigLoader(Path.of(""))
                .load(
                        Path.of("config/quick.yaml"),
                        null,
                        List.of("appServer.connectTimeout=5s", "appServer.centralTimeout=300ms"));
        try (WireServer central = WireServer.start(
                        Wire.DEFAULTS, "127.0.0.1", 0, TOKEN, (conn, f) -> {}, line -> {}, "hung central services");
                Connections connections = new Connections(
                        Wire.DEFAULTS,
                        new HostAndPort("127.0.0.1", central.port()),
                        TOKEN,
                        c,
                        RunIdentity.fresh("test", 0),
                        Clock.SYSTEM)) {
            var e = assertThrows(WireException.class, () -> connections.awaitInstances(2, Duration.ofSeconds(90)));
            assertTrue(e.getMessage().contains("no reply within 300 ms"), e.getMessage());
        }
    }
}
