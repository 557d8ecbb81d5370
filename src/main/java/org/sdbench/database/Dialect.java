package org.sdbench.database;

import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTransientException;
import java.util.List;
import java.util.Map;
import org.sdbench.config.DbTimeouts;
import org.sdbench.database.ddl.DdlDialect;

/** What differs between DBMSs: how the DDL is spelled, connection properties, error classification, SQL bits. */
public interface Dialect extends DdlDialect {
    /** JDBC data-source properties for a pool (schema, TLS, batching). */
    Map<String, String> connectionProperties(String schema, String sslmode);

    /** The connection property that names a pool's sessions on the server (what the server lists as their application). */
    String applicationNameProperty();

    /**
     * A query that ends every other session of this database whose application name is its one
     * parameter and returns one row (fencing an app-server process: see {@code InstanceFence});
     * null where the DBMS offers no such SQL to a client.
     */
    default String endSessionsSql() {
        return null;
    }

    /** Client-side bounds for every connection: connect, log-in and each read from the server. */
    Map<String, String> clientTimeoutProperties(DbTimeouts timeouts);

    /**
     * Server-side bounds for the sessions of a run's work processes: one statement, one lock wait,
     * idle time inside a transaction. Set-up and audit connections do without them (index builds
     * and audits of a large data set may take longer than any dialog step should).
     */
    Map<String, String> sessionTimeoutProperties(DbTimeouts timeouts);

    /**
     * What timed out, when the error is one of the configured bounds (statement, lock, socket
     * read); null for any other error.
     */
    default String timeoutOf(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return "no answer from the database within database.timeouts.socket";
            }
        }
        return null;
    }

    /**
     * The SQL this DBMS runs for a statement the application writes once for all (prepared once per
     * session and SQL text, so this may take its time).
     */
    default String sql(String statement) {
        return statement;
    }

    /** SQL that creates the schema (namespace) if it does not exist. */
    String createSchemaSql(String schema);

    /** SQL that drops the schema and everything in it. */
    String dropSchemaSql(String schema);

    /** Clause appended to CREATE TABLE (and, where the DBMS allows, CREATE INDEX) to place it in a tablespace. */
    String tablespaceClause(String tablespace, boolean index);

    /** {@code LIMIT}-style clause for a fixed row count. */
    String firstRows(int n);

    /** A query that reads no table and returns one row: the least a statement can ask of the server. */
    default String emptyQuery() {
        return "SELECT 1";
    }

    /**
     * A query that reads no table, returns one row and costs the server CPU in proportion to its one
     * integer parameter (rows it generates and counts): a round trip with a chosen amount of server
     * work between the client's write and its read. The series runs in the select list, so PostgreSQL
     * streams it row by row: in the FROM clause it is first stored in a tuplestore, whose allocations
     * made the cost jump twice between 1,000 and 3,000 rows on the 26 Nov EPYC host (pgbench, 6
     * clients: 20,600, 6,300, 5,500, 1,500 round trips/s at 1,000, 1,300, 2,000, 3,000 rows, against
     * 27,200, 24,400, 19,100, 14,600 in this form), so no row count landed near the asked CPU.
     */
    default String serverWorkQuery() {
        return "SELECT count(*) FROM (SELECT generate_series(1, ?)) s";
    }

    /**
     * Whether the driver sends several parameterised statements of one SQL text in one request
     * (each executed on its own, in order); otherwise {@link DbSession#run(Pipeline)} sends them one by one.
     */
    default boolean pipelinesStatements() {
        return false;
    }

    /** Deadlock or serialization failure: the transaction may be retried. */
    default boolean isRetryable(SQLException e) {
        String s = e.getSQLState();
        return "40001".equals(s) || "40P01".equals(s);
    }

    /** The connection is gone (server restart, network): the pool must replace it. */
    default boolean isConnectionLost(SQLException e) {
        String s = e.getSQLState();
        return s != null && (s.startsWith("08") || s.equals("57P01") || s.equals("57P02") || s.equals("57P03"));
    }

    /**
     * A failure that says nothing about the request itself and may pass: deadlock, lost connection,
     * lock or statement timeout, insufficient resources (disk full, out of memory), I/O error.
     * Work that failed this way is tried again later rather than marked as failed.
     */
    default boolean isTransient(SQLException e) {
        String s = e.getSQLState();
        return e instanceof SQLTransientException
                || isRetryable(e)
                || isConnectionLost(e)
                || s != null
                        && (s.startsWith("53")
                                || s.startsWith("58")
                                || s.equals("55P03")
                                || s.equals("57014")
                                || s.equals("57011"));
    }

    /**
     * An insert that adds to the numeric columns of an existing row with the same key
     * (statistics tables written by V2 updates). Parameters: keys, then the add columns.
     */
    String upsertAdding(String table, List<String> keys, List<String> addColumns);

    /** Whether bulk load can use PostgreSQL's COPY. */
    boolean supportsCopy();
}
