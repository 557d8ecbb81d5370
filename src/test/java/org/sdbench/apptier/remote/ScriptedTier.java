package org.sdbench.apptier.remote;

import org.sdbench.config.HostAndPort;
import org.sdbench.core.Clock;
import org.sdbench.database.load.TestDb;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.protocol.RunIdentity;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireServer;

/**
 * A driver's dialog service against scripted peers on loopback: an app server that answers as the
 * test's handler says, and central services that route every logon to it as instance 1.
 */
final class ScriptedTier implements AutoCloseable {
    private static final Token TOKEN = Token.random();

    private final WireServer app;
    private final WireServer central;
    private final Connections connections;
    private final RemoteDialogService service;

    ScriptedTier(WireServer.Handler appServer, int users) {
        app = WireServer.start(Wire.DEFAULTS, "127.0.0.1", 0, TOKEN, appServer, line -> {}, "app server");
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
                users,
                () -> true);
    }

    RemoteDialogService service() {
        return service;
    }

    @Override
    public void close() {
        connections.close();
        app.close();
        central.close();
    }
}
