package org.sdbench.apptier.process;

import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.database.Database;
import org.sdbench.network.EmulatedLink;
import org.sdbench.network.NetworkEmulation;
import org.sdbench.protocol.wire.Wire;

/**
 * A process's emulated links, wired the one way every process wires them: its database
 * connections through the network.appToDb relay (when that hop is emulated and the process runs
 * work processes), its wire connections ({@link #wire()}) through the relays of their hops. Closing
 * unwires the database.
 */
public final class EmulatedNetwork implements AutoCloseable {
    private final NetworkEmulation net;
    private final Database db;
    private final boolean routesDatabase;
    private final boolean routesWire;

    private EmulatedNetwork(NetworkEmulation net, Database db, boolean routesDatabase, boolean routesWire) {
        this.net = net;
        this.db = db;
        this.routesDatabase = routesDatabase;
        this.routesWire = routesWire;
    }

    /**
     * @param database this process's work processes talk to {@code db}: their connections dial the app-to-DB relay
     * @param wire this process dials other sdbench processes: through the relays of their hops
     */
    public static EmulatedNetwork open(SdbenchConfig c, Database db, boolean database, boolean wire, Clock clock) {
        NetworkEmulation net = new NetworkEmulation(c.network(), c.run().seed(), clock);
        boolean routesDatabase = database && c.network().appToDb().emulated();
        try {
            if (routesDatabase) {
                db.dialVia(net.route(EmulatedLink.APP_TO_DB, db.endpoint()));
            }
        } catch (RuntimeException e) {
            db.dialVia(null);
            net.close();
            throw e;
        }
        return new EmulatedNetwork(net, db, routesDatabase, wire);
    }

    public NetworkEmulation emulation() {
        return net;
    }

    /** What this process's wire connections are made with: through the relays of their hops when it routes them. */
    public Wire wire() {
        return Wire.of(routesWire ? net.wireRouter() : null);
    }

    /** Whether this process's own database connections go through the emulated app-to-DB link. */
    public boolean routesDatabase() {
        return routesDatabase;
    }

    @Override
    public void close() {
        try {
            if (routesDatabase) {
                db.dialVia(null);
            }
        } finally {
            net.close();
        }
    }
}
