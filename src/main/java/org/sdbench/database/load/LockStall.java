package org.sdbench.database.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.postgresql.PGConnection;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.SqlErrors;

/**
 * A load statement waiting for a lock another session holds would otherwise wait for the socket
 * timeout and fail without saying why: each load session gets {@code database.timeouts.lock} as
 * its lock_timeout, and a statement that reaches it is named together with the sessions holding
 * locks on its table.
 */
final class LockStall {
    private static final String LOCK_NOT_AVAILABLE = "55P03";

    private LockStall() {}

    /** Bounds every lock wait of a load session (PostgreSQL; DB2 keeps its own lock timeout). */
    static void bound(Database db, Connection c) throws SQLException {
        if (db.dialect().supportsCopy()) {
            try (Statement s = c.createStatement()) {
                s.execute("SET lock_timeout = " + db.config().timeouts().lock().toMillis());
            }
        }
    }

    /**
     * The failure to report for {@code statement} on {@code table}: when it was the lock timeout, one line
     * naming the statement and who holds locks on the table; else {@code e} itself.
     */
    static Exception failure(Database db, List<Connection> mine, String statement, String table, SQLException e) {
        if (!LOCK_NOT_AVAILABLE.equals(e.getSQLState())) {
            return e;
        }
        return new EnvironmentException("load stalled: " + statement + " waited "
                + db.config().timeouts().lock().toSeconds() + " s for a lock on " + table
                + " (database.timeouts.lock) held by " + holders(db, mine, table)
                + ": end that session or let it finish, then "
                + (statement.startsWith("ANALYZE")
                        ? "run the same load again (it updates the statistics only)"
                        : "load again with --recreate (the schema holds part of the data)"));
    }

    /** Sessions other than this load's holding locks on the table, as far as the server says. */
    private static String holders(Database db, List<Connection> mine, String table) {
        List<String> out = new ArrayList<>();
        List<Integer> ours = new ArrayList<>();
        try (Connection c = db.connect();
                PreparedStatement ps = c.prepareStatement("SELECT a.pid, a.application_name, a.state, l.mode,"
                        + " left(regexp_replace(a.query, '\\s+', ' ', 'g'), 80) FROM pg_locks l"
                        + " JOIN pg_stat_activity a ON a.pid = l.pid"
                        + " WHERE l.granted AND l.relation = to_regclass(?) AND a.pid <> pg_backend_pid()"
                        + " ORDER BY a.pid")) {
            for (Connection m : mine) {
                ours.add(m.unwrap(PGConnection.class).getBackendPID());
            }
            ps.setString(1, db.schema() + "." + table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (ours.contains(rs.getInt(1))) {
                        continue;
                    }
                    out.add("pid " + rs.getInt(1) + " ('" + rs.getString(2) + "', " + rs.getString(3) + ", "
                            + rs.getString(4) + ": " + rs.getString(5) + ")");
                }
            }
        } catch (SQLException e) {
            return "another session (who could not be read: " + SqlErrors.firstLine(e) + ")";
        }
        return out.isEmpty() ? "another session (gone by now)" : String.join("; ", out);
    }
}
