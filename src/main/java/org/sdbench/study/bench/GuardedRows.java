package org.sdbench.study.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;

/**
 * The rows a run changes only from the value it read, which the reset between runs leaves where the
 * run left them: NRIV's levels (a number-range interval fetch moves a level from the one it read)
 * and the epochs of the app-server instances' leases in {@code sdbench_fence} (an app server's start
 * raises its instance's epoch from the one it read). A replay of the run's statements would find
 * other values and change no row. Saved when the recorded run starts and put back before the replay
 * starts, they let the replayed statements change the rows the run's changed; the replay orders its
 * saves after the replayed raise of their lease (the saves write under the raised epoch).
 */
final class GuardedRows {
    private record Level(String mandt, String object, String subobject, String range, String toyear, long level) {}

    private record Epoch(int instance, long epoch) {}

    private final List<Level> levels;
    private final List<Epoch> epochs;

    private GuardedRows(List<Level> levels, List<Epoch> epochs) {
        this.levels = levels;
        this.epochs = epochs;
    }

    static GuardedRows save(Database db) {
        List<Level> levels = new ArrayList<>();
        List<Epoch> epochs = new ArrayList<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            try (ResultSet rs =
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
            }
            try (ResultSet rs = s.executeQuery("SELECT instance, epoch FROM sdbench_fence")) {
                while (rs.next()) {
                    epochs.add(new Epoch(rs.getInt(1), rs.getLong(2)));
                }
            }
        } catch (SQLException e) {
            throw new EnvironmentException("reading the number-range levels and lease epochs of " + db.describe()
                    + " failed: " + e.getMessage());
        }
        return new GuardedRows(levels, epochs);
    }

    /** Puts the saved values back, in one transaction; ranges and leases added since stay as they are. */
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
            try (PreparedStatement fence =
                    c.prepareStatement("UPDATE sdbench_fence SET epoch = ? WHERE instance = ?")) {
                for (Epoch e : epochs) {
                    fence.setLong(1, e.epoch());
                    fence.setInt(2, e.instance());
                    fence.addBatch();
                }
                fence.executeBatch();
            }
            c.commit();
        } catch (SQLException e) {
            throw new EnvironmentException("putting back the number-range levels and lease epochs of " + db.describe()
                    + " failed: " + e.getMessage());
        }
    }
}
