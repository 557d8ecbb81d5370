package org.sdbench.apptier.server;

import java.sql.SQLException;
import org.sdbench.apptier.instance.AppServerSystem;
import org.sdbench.database.DbSession;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.wire.RoundTrips;

/** The app server's hop to its database, as the driver's PROBE asks for it. */
final class DbHopProbe {
    private DbHopProbe() {}

    /** The DB's own round trip from this process: the dialect's empty query on one of the instance's connections. */
    static RoundTrips roundTrips(AppServerSystem system, String from, int count) throws InterruptedException {
        DbSession db = system.instances().get(0).sessions().open();
        long[] t = new long[count];
        try (var st = db.connection().createStatement()) {
            for (int i = 0; i < count; i++) {
                long t0 = System.nanoTime();
                try (var rs = st.executeQuery(db.dialect().emptyQuery())) {
                    rs.next();
                }
                t[i] = System.nanoTime() - t0;
            }
            db.commit();
        } catch (SQLException e) {
            db.rollbackQuietly();
            throw new IllegalStateException("probing the DB round trip failed: " + e.getMessage());
        } finally {
            db.close();
        }
        return RoundTrips.of(from, Role.DB, 0, 0, t);
    }
}
