package org.sdbench.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;

/**
 * NRIV's levels: a number-range interval fetch moves a level only from the value it read, and a
 * run advances them while the reset between runs leaves them, so a replay of the run's fetches
 * would find other levels and change no row. Saved when the recorded run starts and put back
 * before the replay starts, they let the replayed fetches change the rows the run's changed.
 *
 * <p>The instance fence's epoch is left as the run left it: the run's saves insert their update
 * requests only under the epoch its app server's start wrote, and the replay does not order that
 * start before them, so an epoch put back would turn some of those inserts into no-ops.
 */
final class GuardedRows {
    private record Level(String mandt, String object, String subobject, String range, String toyear, long level) {}

    private final List<Level> levels;

    private GuardedRows(List<Level> levels) {
        this.levels = levels;
    }

    static GuardedRows save(Database db) {
        List<Level> levels = new ArrayList<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery("SELECT mandt, object, subobject, nrrangenr, toyear, nrlevel FROM nriv")) {
            while (rs.next()) {
                levels.add(new Level(
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getLong(6)));
            }
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "reading the number-range levels of " + db.describe() + " failed: " + e.getMessage());
        }
        return new GuardedRows(levels);
    }

    /** Puts the saved levels back, in one transaction; ranges added since stay as they are. */
    void restore(Database db) {
        try (Connection c = db.connect()) {
            c.setAutoCommit(false);
            try (PreparedStatement nriv =
                    c.prepareStatement("UPDATE nriv SET nrlevel = ? WHERE mandt = ? AND object = ?"
                            + " AND subobject = ? AND nrrangenr = ? AND toyear = ?")) {
                for (Level l : levels) {
                    nriv.setLong(1, l.level());
                    nriv.setString(2, l.mandt());
                    nriv.setString(3, l.object());
                    nriv.setString(4, l.subobject());
                    nriv.setString(5, l.range());
                    nriv.setString(6, l.toyear());
                    nriv.addBatch();
                }
                nriv.executeBatch();
            }
            c.commit();
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "putting back the number-range levels of " + db.describe() + " failed: " + e.getMessage());
        }
    }
}
