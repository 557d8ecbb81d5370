package org.sdbench.measure.environment;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.sdbench.config.DbKind;
import org.sdbench.database.Database;

/** The database server's version and its settings that differ from the built-in defaults. */
public final class DbProbe {
    /**
     * Set by pgjdbc itself on every connection (source "client"): the same for every run, so
     * listing them would only bury the settings a tuning experiment changed.
     */
    private static final Set<String> DRIVER_SET =
            Set.of("application_name", "client_encoding", "DateStyle", "extra_float_digits", "TimeZone");

    private DbProbe() {}

    /**
     * Reads from a fresh connection, so the settings are what every work process's connection
     * starts with: postgresql.conf, ALTER SYSTEM/DATABASE/ROLE and options in the JDBC URL.
     */
    public static Environment.Database capture(Database db) {
        String kind = db.config().kind().name().toLowerCase(Locale.ROOT);
        String transport = db.transport().description();
        if (db.config().kind() == DbKind.DB2) {
            return new Environment.Database(
                    kind,
                    db.describe(),
                    null,
                    null,
                    Map.of(),
                    "DB2: settings are not collected (only PostgreSQL's pg_settings is read)",
                    transport);
        }
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            String version = one(s, "SELECT version()");
            String server = one(s, "SHOW server_version");
            Map<String, Environment.Setting> settings = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            try (ResultSet rs = s.executeQuery("SELECT name, setting, unit, source, boot_val FROM pg_settings "
                    + "WHERE source NOT IN ('default', 'override') ORDER BY name")) {
                while (rs.next()) {
                    String name = rs.getString(1);
                    if ("client".equals(rs.getString(4)) && DRIVER_SET.contains(name)) {
                        continue;
                    }
                    settings.put(
                            name,
                            new Environment.Setting(
                                    Redaction.setting(name, rs.getString(2)),
                                    rs.getString(3),
                                    rs.getString(4),
                                    Redaction.setting(name, rs.getString(5))));
                }
            }
            return new Environment.Database(
                    kind, Redaction.pairs(db.describe()), version, server, settings, "ok", transport);
        } catch (SQLException e) {
            return new Environment.Database(
                    kind,
                    Redaction.pairs(db.describe()),
                    null,
                    null,
                    Map.of(),
                    "reading pg_settings failed: "
                            + e.getMessage().lines().findFirst().orElse(""),
                    transport);
        }
    }

    private static String one(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
