package org.sdbench.experiment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.config.ConfigException;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;

/**
 * What PostgreSQL says of the settings an experiment varies: whether each exists, and whether it
 * takes effect on a reload or only after a restart (pg_settings.context 'postmaster').
 */
final class SettingFacts {
    private SettingFacts() {}

    /** By setting name: its pg_settings context. Unknown names are a configuration error naming the key. */
    static Map<String, String> contexts(Database db, List<String> names) {
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = db.connect();
                PreparedStatement ps = c.prepareStatement("SELECT context FROM pg_settings WHERE name = ?")) {
            for (String name : names) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new ConfigException(
                                "'" + Variant.DB_PREFIX + name + "' is not allowed: this server has no setting '" + name
                                        + "' (names as pg_settings lists them, e.g. db.shared_buffers, db.synchronous_commit)");
                    }
                    out.put(name, rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new EnvironmentException("reading pg_settings failed (" + e.getMessage() + ")");
        }
        return out;
    }

    /** True when the setting takes effect only after a restart. */
    static boolean needsRestart(String context) {
        return "postmaster".equals(context);
    }

    /**
     * Proves that the server accepts every value (ALTER SYSTEM parses it as the server would), then
     * takes the trial back; a refused value is a configuration error naming the key and the server's reason.
     */
    static void validate(Database db, List<Variant> variants, Map<String, String> foundInAutoConf) {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            for (Variant v : variants) {
                for (var e : v.dbSettings().entrySet()) {
                    try {
                        s.execute(alterSystem(e.getKey(), e.getValue()));
                    } catch (SQLException refused) {
                        throw new ConfigException("'" + Variant.DB_PREFIX + e.getKey() + "' = '" + e.getValue()
                                + "' is not allowed: the server refused it (" + firstLine(refused) + ")");
                    } finally {
                        s.execute(restore(e.getKey(), foundInAutoConf.get(e.getKey())));
                    }
                }
            }
        } catch (SQLException e) {
            throw new EnvironmentException("changing a setting with ALTER SYSTEM failed (" + firstLine(e)
                    + "): experiments with db.* settings need a superuser connection (or one granted ALTER SYSTEM)");
        }
    }

    /** postgresql.auto.conf's entries for these names as the server found them (ALTER SYSTEM's earlier values). */
    static Map<String, String> autoConf(Database db, List<String> names) {
        Map<String, String> out = new LinkedHashMap<>();
        String sql =
                "SELECT name, setting FROM pg_file_settings WHERE sourcefile LIKE '%postgresql.auto.conf' AND applied"
                        + " AND name = ANY (?)";
        try (Connection c = db.connect();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setArray(1, c.createArrayOf("text", names.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getString(2));
                }
            }
        } catch (SQLException e) {
            throw new EnvironmentException("reading pg_file_settings failed (" + firstLine(e)
                    + "): experiments with db.* settings need a superuser connection (or pg_read_all_settings)");
        }
        return out;
    }

    static String alterSystem(String name, String value) {
        return "ALTER SYSTEM SET " + name + " = '" + value.replace("'", "''") + "'";
    }

    /** Back to what postgresql.auto.conf held: its earlier value, or no entry at all. */
    static String restore(String name, String autoConfValue) {
        return autoConfValue == null ? "ALTER SYSTEM RESET " + name : alterSystem(name, autoConfValue);
    }

    static String firstLine(Exception e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }
}
