package org.sdbench.study.bench;

import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.Database;

/**
 * Where and as whom pgbench connects for a replay; the password (null: none) goes into pgbench's
 * environment, never its argv, and {@code toString} leaves it out.
 */
public record PgbenchTarget(String host, int port, String user, String database, String schema, String password) {
    /** pgbench reaches the server as the work processes do: its Unix-domain socket when they use it. */
    public static PgbenchTarget of(Database db, SdbenchConfig c) {
        var endpoint = db.endpoint();
        String host = db.transport().isUnix()
                ? db.transport().unixSocket().getParent().toString()
                : endpoint.getHostString();
        return new PgbenchTarget(
                host,
                endpoint.getPort(),
                c.database().user(),
                BenchSetup.databaseName(db),
                db.schema(),
                db.childEnvironment().get(Database.CHILD_PASSWORD_ENV));
    }

    @Override
    public String toString() {
        return user + "@" + host + ":" + port + "/" + database + " schema " + schema;
    }
}
