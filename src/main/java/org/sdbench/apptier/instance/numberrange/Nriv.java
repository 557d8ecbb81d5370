package org.sdbench.apptier.instance.numberrange;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The NRIV row protocol shared by interval fetches and unbuffered draws. */
final class Nriv {
    static final String SELECT_FOR_UPDATE =
            "SELECT nrlevel, tonumber FROM nriv WHERE mandt = '100' AND object = ? AND subobject = ' ' AND nrrangenr = ?"
                    + " AND toyear = '0000' FOR UPDATE";
    /**
     * The old level in the WHERE clause guards against DBMSs whose FOR UPDATE lock does not
     * outlive the cursor (DB2 under cursor stability): a lost race then updates nothing and the
     * draw is retried instead of handing out a number twice.
     */
    static final String UPDATE_LEVEL =
            "UPDATE nriv SET nrlevel = ? WHERE mandt = '100' AND object = ? AND subobject = ' ' AND nrrangenr = ?"
                    + " AND toyear = '0000' AND nrlevel = ?";

    private static final int MAX_ATTEMPTS = 100;

    private Nriv() {}

    /**
     * Advances nrlevel by up to {@code count} numbers on {@code c} without committing, and returns
     * the old level; the numbers handed out are old+1 .. the returned {@link #lastDrawn}.
     */
    static long advance(Connection c, String object, String range, int count, long[] lastDrawn) throws SQLException {
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            long level;
            long to;
            try (PreparedStatement ps = c.prepareStatement(SELECT_FOR_UPDATE)) {
                ps.setString(1, object);
                ps.setString(2, range);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new IllegalStateException(
                                "number range object '" + object + "' interval '" + range
                                        + "' has no NRIV row; load the master data (sdbench load) or configure an existing range");
                    }
                    level = rs.getLong(1);
                    to = rs.getLong(2);
                }
            }
            if (level >= to) {
                throw new IllegalStateException("number range object '" + object + "' interval '" + range
                        + "' is exhausted: nrlevel " + level + " has reached tonumber " + to
                        + "; reload the data or widen the interval");
            }
            long newLevel = Math.min(level + count, to);
            try (PreparedStatement ps = c.prepareStatement(UPDATE_LEVEL)) {
                ps.setLong(1, newLevel);
                ps.setString(2, object);
                ps.setString(3, range);
                ps.setLong(4, level);
                if (ps.executeUpdate() == 1) {
                    lastDrawn[0] = newLevel;
                    return level;
                }
            }
        }
        throw new IllegalStateException("number range object '" + object + "' interval '" + range
                + "': NRIV level changed under " + MAX_ATTEMPTS + " consecutive draws; the DBMS does not keep the"
                + " FOR UPDATE lock until commit");
    }
}
