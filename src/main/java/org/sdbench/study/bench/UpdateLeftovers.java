package org.sdbench.study.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;

/** The update requests a run or a replay left in VBHDR: how many, and removing a replay's. */
final class UpdateLeftovers {
    private UpdateLeftovers() {}

    /** Update requests in VBHDR now: saved and not (yet) processed. */
    static long count(Database db) {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT count(*) FROM vbhdr")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "counting the update requests in " + db.describe() + " failed: " + e.getMessage());
        }
    }

    /**
     * Update requests the replay left in VBHDR, removed: those the recorded run saved and left for
     * later, and any an update client reached before its save (ReplayOrder keeps that from happening).
     * The recorded run processed or kept its own, so deleting the replay's copies loses nothing.
     */
    static long clear(Database db) {
        long left = count(db);
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("DELETE FROM vbdata");
            s.execute("DELETE FROM vbmod");
            s.execute("DELETE FROM vbhdr");
            return left;
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "removing the replay's update requests from " + db.describe() + " failed: " + e.getMessage());
        }
    }
}
