package org.sdbench.database.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.Optional;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;
import org.sdbench.database.SqlErrors;

/**
 * Marks a schema whose load has not finished: a table of its own ({@link SchemaInstaller#LOAD_MARKER}),
 * created with one row when a load starts, moved on to {@link Step#ANALYZE} once the data is committed,
 * and dropped when the statistics are up to date. A load that failed, stalled or was killed leaves it
 * behind, so {@code run} and {@code check} refuse the schema and {@code load} knows what is missing.
 * A schema without the table is complete (or loaded before the marker existed).
 */
public final class LoadMarker {
    /** What a load was doing when it stopped. */
    public enum Step {
        /** Writing master data and the order history: the data is partial, only a reload mends it. */
        DATA("while writing the data"),
        /** Updating optimizer statistics: the data is whole, a load finishes it without reloading. */
        ANALYZE("while updating the optimizer statistics (ANALYZE)");

        private final String during;

        Step(String during) {
            this.during = during;
        }

        public String during() {
            return during;
        }
    }

    /** The marker's row: the step a load stopped in, the users it loaded up to, when it started. */
    public record Incomplete(Step step, int users, LocalDateTime started) {
        /** What to do about it, as the one line of a refusal says it. */
        public String remedy() {
            return step == Step.ANALYZE
                    ? "run './sdbench load' to finish it (it updates the statistics only)"
                    : "run './sdbench load --users " + (users > 0 ? users : "N") + " --recreate' to drop and reload it";
        }
    }

    private LoadMarker() {}

    /** Marks the schema incomplete before a load writes anything (committed at once, on a connection of its own). */
    static void begin(Database db, int users) throws SQLException {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            if (read(c, db.schema()).isEmpty()) {
                s.execute("CREATE TABLE " + SchemaInstaller.LOAD_MARKER
                        + " (step VARCHAR(10) NOT NULL, users INTEGER NOT NULL, started TIMESTAMP NOT NULL)");
            }
            s.execute("DELETE FROM " + SchemaInstaller.LOAD_MARKER);
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO " + SchemaInstaller.LOAD_MARKER + " (step, users, started) VALUES (?, ?, ?)")) {
                ps.setString(1, Step.DATA.name());
                ps.setInt(2, users);
                ps.setTimestamp(3, Timestamp.valueOf(LocalDateTime.now()));
                ps.executeUpdate();
            }
        }
    }

    /** The data is committed: what is left is the statistics. */
    static void dataDone(Database db) throws SQLException {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.executeUpdate("UPDATE " + SchemaInstaller.LOAD_MARKER + " SET step = '" + Step.ANALYZE.name() + "'");
        }
    }

    /** The load finished: the schema is complete. */
    static void clear(Database db) throws SQLException {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.execute("DROP TABLE " + SchemaInstaller.LOAD_MARKER);
        }
    }

    /** The unfinished load the schema holds, if any. */
    public static Optional<Incomplete> read(Database db) {
        try (Connection c = db.connect()) {
            return read(c, db.schema());
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "reading the load state of schema '" + db.schema() + "' failed: " + SqlErrors.firstLine(e), e);
        }
    }

    private static Optional<Incomplete> read(Connection c, String schema) throws SQLException {
        var md = c.getMetaData();
        boolean upper = md.storesUpperCaseIdentifiers();
        String name = upper ? SchemaInstaller.LOAD_MARKER.toUpperCase() : SchemaInstaller.LOAD_MARKER;
        try (ResultSet t = md.getTables(null, upper ? schema.toUpperCase() : schema, name, new String[] {"TABLE"})) {
            if (!t.next()) {
                return Optional.empty();
            }
        }
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT step, users, started FROM " + SchemaInstaller.LOAD_MARKER)) {
            if (!rs.next()) {
                // Created, but the row not yet written: a load was starting.
                return Optional.of(new Incomplete(Step.DATA, 0, null));
            }
            return Optional.of(new Incomplete(
                    Step.valueOf(rs.getString(1).strip()),
                    rs.getInt(2),
                    rs.getTimestamp(3).toLocalDateTime()));
        }
    }

    /**
     * Refuses a schema whose load did not finish, in one line naming what stopped and what to do:
     * a run or an audit on it would measure or judge a data set that is not the one loaded.
     */
    public static void requireComplete(Database db) {
        read(db).ifPresent(i -> {
            throw new EnvironmentException("schema '" + db.schema() + "' in " + db.describe()
                    + " holds an incomplete load: it stopped " + i.step().during()
                    + (i.started() == null ? "" : " (started " + i.started().withNano(0) + ")") + "; " + i.remedy());
        });
    }
}
