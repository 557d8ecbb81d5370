package org.sdbench.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sdbench.config.HostAndPort;
import org.sdbench.core.Clock;
import org.sdbench.core.SdStep;
import org.sdbench.load.TestDb;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.protocol.RunIdentity;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireServer;

/**
 * A failed step is counted by its cause: an app server that answers with a refusal (a refused
 * logon, as when its enqueue request was refused) is not a lost app server; one whose connection
 * breaks is, and the run then lists it among the lost ones.
 */
class RemoteErrorCausesTest {
    private static final Token TOKEN = Token.random();
    private static final int USER = 3;

    private final AtomicBoolean refuseLogon = new AtomicBoolean();
    private WireServer app;
    private WireServer central;
    private Connections connections;
    private RemoteDialogService service;

    @BeforeEach
    void start() {
        app = WireServer.start(Wire.DEFAULTS, "127.0.0.1", 0, TOKEN, this::appServer, line -> {}, "app server");
        HostAndPort appAddress = new HostAndPort("127.0.0.1", app.port());
        central = WireServer.start(
                Wire.DEFAULTS,
                "127.0.0.1",
                0,
                TOKEN,
                (c, f) -> c.reply(f, FrameType.ROUTE_REPLY, new CentralMessages.Instance(1, appAddress).encode()),
                line -> {},
                "central services");
        connections = new Connections(
                Wire.DEFAULTS,
                new HostAndPort("127.0.0.1", central.port()),
                TOKEN,
                TestDb.config("public"),
                RunIdentity.fresh("test", 0),
                Clock.SYSTEM);
        service = new RemoteDialogService(
                connections,
                new Fencing(connections, Clock.SYSTEM, line -> {}),
                new RunMetrics(Clock.SYSTEM),
                USER,
                () -> true);
    }

    @AfterEach
    void stop() {
        connections.close();
        app.close();
        central.close();
    }

    /** Refuses logons when told to (as after a refused enqueue request); a step closes the connection. */
    private void appServer(WireServer.Connection c, Frame f) {
        switch (f.type()) {
            case FrameType.LOGON -> {
                if (refuseLogon.get()) {
                    c.error(f, "app server 1: enqueue server refused: lock owner 'user:1-r-3' belongs to instance 5");
                } else {
                    c.reply(f, FrameType.OK, Control.EMPTY);
                }
            }
            case FrameType.STEP -> c.close();
            default -> c.reply(f, FrameType.OK, Control.EMPTY);
        }
    }

    @Test
    void dialogStep_logonRefused_countedAsRefusedNoInstanceLost() throws Exception {
        refuseLogon.set(true);
        var r = service.dialogStep(USER, SdStep.LOOP.get(0));
        assertEquals("app-server-refused", r.outcome().kind(), r.outcome().toString());
        assertEquals(Set.of(), service.lost());
    }

    @Test
    void dialogStep_connectionBreaks_countedAsLostAndTheInstanceListed() throws Exception {
        var r = service.dialogStep(USER, SdStep.LOOP.get(0));
        assertEquals("app-server-lost", r.outcome().kind(), r.outcome().toString());
        assertTrue(service.lost().contains(1), "lost instances: " + service.lost());
    }
}
