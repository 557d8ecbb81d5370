package org.sdbench.apptier.process;

import java.util.Locale;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.measure.environment.DbRoundTripProbe;
import org.sdbench.network.RoundTrip;

/** sdbench niping db: the database's round trip as an app server sees it, through its emulated link when one is set. */
public final class DbNiping {
    private DbNiping() {}

    /**
     * The niping db line: {@code samples} round trips to the database of {@code c}, through the
     * network.appToDb relay when one is configured.
     */
    public static String line(SdbenchConfig c, int samples) {
        try (Database db = Database.open(c.database(), false);
                EmulatedNetwork net = EmulatedNetwork.open(c, db, true, false, Clock.SYSTEM)) {
            boolean relayed = net.routesDatabase();
            RoundTrip rt = DbRoundTripProbe.measure(db, samples);
            if (rt == null) {
                throw new EnvironmentException("DB round-trip probe failed against " + db.describe());
            }
            return String.format(
                    Locale.ROOT,
                    "db round trip to %s%s: SELECT 1 x %d: min %.3f  avg %.3f  max %.3f ms  (av2 %.3f ms)",
                    db.describe(),
                    relayed ? " through the network.appToDb relay" : "",
                    rt.samples(),
                    rt.minMs(),
                    rt.avgMs(),
                    rt.maxMs(),
                    rt.avgWithoutExtremesMs());
        }
    }
}
