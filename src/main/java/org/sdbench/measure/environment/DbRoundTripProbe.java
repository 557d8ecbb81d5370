package org.sdbench.measure.environment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.sdbench.database.Database;
import org.sdbench.network.RoundTrip;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The DB's own round trip as the app tier sees it: the dialect's empty query ({@code SELECT 1}) on
 * one connection, so network, driver and the server's protocol handling but no real work. Through a relay when one is in place.
 */
public final class DbRoundTripProbe {
    private static final Logger LOG = LoggerFactory.getLogger(DbRoundTripProbe.class);
    public static final int DEFAULT_SAMPLES = 200;
    private static final int WARM_UP = 20;
    private static final int TIMEOUT_SECONDS = 5;

    private DbRoundTripProbe() {}

    /** Measures {@code samples} round trips; null (logged) when the DB cannot be asked. */
    public static RoundTrip measure(Database db, int samples) {
        try (Connection c = db.connect()) {
            return measure(c, db.dialect().emptyQuery(), samples);
        } catch (SQLException e) {
            LOG.warn(
                    "DB round-trip probe failed: {}",
                    e.getMessage().lines().findFirst().orElse(""));
            return null;
        }
    }

    private static RoundTrip measure(Connection c, String emptyQuery, int samples) throws SQLException {
        if (samples < 1) {
            throw new IllegalArgumentException("samples must be at least 1, was " + samples);
        }
        long[] t = new long[samples];
        try (PreparedStatement ps = c.prepareStatement(emptyQuery)) {
            ps.setQueryTimeout(TIMEOUT_SECONDS);
            for (int i = -WARM_UP; i < samples; i++) {
                long t0 = System.nanoTime();
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                }
                if (i >= 0) {
                    t[i] = System.nanoTime() - t0;
                }
            }
        }
        return RoundTrip.of(t);
    }
}
