package org.sdbench.bench;

/**
 * Where and as whom pgbench connects for a replay; the password (null: none) goes into pgbench's
 * environment, never its argv, and {@code toString} leaves it out.
 */
public record PgbenchTarget(String host, int port, String user, String database, String schema, String password) {
    @Override
    public String toString() {
        return user + "@" + host + ":" + port + "/" + database + " schema " + schema;
    }
}
