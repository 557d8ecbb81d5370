package org.sdbench.apptier.server;

import java.nio.file.Path;
import org.sdbench.apptier.process.EmulatedNetwork;
import org.sdbench.apptier.process.ProcessOptions;
import org.sdbench.apptier.process.ProcessSupport;
import org.sdbench.config.HostAndPort;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.database.capture.StatementCapture;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.wire.WireException;

/** The appserver command's lifecycle: one instance started, registered and serving until its parent or a stop ends it. */
public final class InstanceLifecycle {
    private InstanceLifecycle() {}

    /**
     * Serves as instance {@code instance} of the system at {@code centralAddress}.
     *
     * @param host the host name drivers use to reach this instance
     * @param capture where the pools' statements are recorded; null: not recorded
     */
    public static void serve(
            SdbenchConfig c,
            ProcessOptions process,
            int instance,
            HostAndPort centralAddress,
            String host,
            Path capture,
            StatementCapture.Protocol captureProtocol)
            throws InterruptedException {
        var a = c.appServer();
        // Closed after the database's pools, so that it writes what they sent to the end.
        try (StatementCapture recording = capture == null ? null : new StatementCapture(capture, captureProtocol);
                Database db = open(c, recording);
                EmulatedNetwork net = EmulatedNetwork.open(c, db, true, true, Clock.SYSTEM);
                AppServerProcess p = ProcessSupport.environment(() -> {
                    try {
                        return AppServerProcess.start(
                                net.wire(),
                                c,
                                db,
                                instance,
                                centralAddress,
                                a.listen(),
                                process.port,
                                host,
                                ProcessSupport.token(a.tokenFile()),
                                ProcessSupport::log,
                                process.parentWatch);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new WireException("interrupted while starting");
                    }
                })) {
            for (var r : net.emulation().routes()) {
                ProcessSupport.log(
                        "app server " + instance + ": network." + r.hop().key() + " emulated through the relay at "
                                + r.relay().getHostString() + ":" + r.relay().getPort());
            }
            Thread main = Thread.currentThread();
            process.watchParent(main::interrupt);
            process.ready(Role.appServer(instance), p.port());
            try {
                p.awaitShutdown();
            } catch (InterruptedException e) {
                ProcessSupport.log("app server " + instance + ": parent gone, stopping");
            }
        }
    }

    /** The database, its pools recorded into {@code recording} from the start when there is one. */
    private static Database open(SdbenchConfig c, StatementCapture recording) {
        Database db = Database.open(c.database(), false);
        db.captureStatements(recording);
        return db;
    }
}
