package org.sdbench.study.experiment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

/** One setting of the test server as the experiment tests check it: the value in force and postgresql.auto.conf's entry. */
public final class ServerSetting {
    private ServerSetting() {}

    /** The value a new session sees (pg_settings). */
    public static String inForce(String schema, String name) throws SQLException {
        return one(schema, "SELECT setting FROM pg_settings WHERE name = ?", name);
    }

    /** ALTER SYSTEM's entry for it, null when there is none. */
    public static String autoConf(String schema, String name) throws SQLException {
        return one(
                schema,
                "SELECT setting FROM pg_file_settings WHERE name = ? AND sourcefile LIKE '%postgresql.auto.conf'",
                name);
    }

    private static String one(String schema, String sql, String name) throws SQLException {
        try (Database db = TestDb.open(TestDb.config(schema));
                Connection c = db.connect();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
