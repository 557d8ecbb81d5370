package org.sdbench.database;

import java.net.URI;
import java.sql.SQLException;
import org.sdbench.config.DatabaseConfig;

/** Turns JDBC connection failures into one line that says what is wrong and how to fix it. */
public final class SqlErrors {
    private SqlErrors() {}

    static String describeConnectFailure(SQLException e, String url, DatabaseConfig config) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String first = firstLine(e);
        if (state.equals("28P01")
                || state.equals("28000")
                || first.contains("password authentication failed")
                || first.contains("no password was provided")) {
            return "authentication failed for user '" + config.user() + "' at " + url + ": put the password in $"
                    + (config.passwordEnv().isEmpty() ? "SDBENCH_DB_PASSWORD" : config.passwordEnv())
                    + ", database.passwordFile or ~/.pgpass";
        }
        if (state.equals("3D000")) {
            return "database '" + Database.databaseName(url) + "' does not exist at " + url
                    + ": fix the name in database.url, or create it with 'sdbench load --create-database'";
        }
        if (state.startsWith("08") || first.contains("Connection refused") || first.contains("UnknownHost")) {
            return "cannot reach the database at " + hostPort(url) + " (" + first
                    + "): start the server, or fix database.url";
        }
        return "cannot connect to " + url + " (SQLState " + state + ": " + first + ")";
    }

    static String hostPort(String url) {
        try {
            URI u = URI.create(url.substring("jdbc:".length()).replaceFirst("^[a-z0-9]+://", "http://"));
            return u.getHost() + ":" + (u.getPort() < 0 ? 5432 : u.getPort());
        } catch (IllegalArgumentException e) {
            return url;
        }
    }

    public static String firstLine(Throwable e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m);
    }
}
