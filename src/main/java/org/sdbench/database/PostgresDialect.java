package org.sdbench.database;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.sdbench.config.DbTimeouts;
import org.sdbench.database.ddl.Column;
import org.sdbench.database.ddl.ColumnType;
import org.sdbench.database.ddl.Table;

public final class PostgresDialect implements Dialect {
    @Override
    public String typeName(ColumnType t) {
        return switch (t.kind()) {
            case DECIMAL -> "numeric(" + t.length() + "," + t.scale() + ")";
            case BLOB -> "bytea";
            default -> t.toString();
        };
    }

    @Override
    public String columnTail(Column c) {
        if (c.identity()) {
            return " GENERATED ALWAYS AS IDENTITY";
        }
        return (c.nullable() ? "" : " NOT NULL")
                + (c.hasDefault()
                        ? " DEFAULT " + (c.defaultValue().equals("current_date") ? "CURRENT_DATE" : c.defaultValue())
                        : "");
    }

    /** Unnamed unless the schema names it: PostgreSQL then calls it {@code <table>_pkey}, as it always has here. */
    @Override
    public String primaryKey(Table t) {
        return (t.keyName() == null ? "" : "CONSTRAINT " + t.keyName() + " ") + "PRIMARY KEY ("
                + String.join(", ", t.key()) + ")";
    }

    /**
     * One ALTER TABLE per table: ANALYZE then builds no histogram or most-common values for these
     * columns, which is most of its time in SAP-width tables, while it still samples the rows for the
     * columns that keep their statistics.
     */
    @Override
    public List<String> statisticsOff(Table t, List<Column> columns) {
        return List.of("ALTER TABLE " + t.name() + " "
                + columns.stream()
                        .map(c -> "ALTER COLUMN " + c.name() + " SET STATISTICS 0")
                        .collect(Collectors.joining(", ")));
    }

    @Override
    public Map<String, String> connectionProperties(String schema, String sslmode) {
        return Map.of(
                "currentSchema", schema,
                "sslmode", sslmode,
                "reWriteBatchedInserts", "true",
                "ApplicationName", "sdbench",
                "tcpKeepAlive", "true",
                // pgjdbc's binary NUMERIC divides the unscaled BigInteger by 10,000 per digit group on
                // every bind; the text form is BigDecimal's cached string, and the server parses either.
                "binaryTransferDisable", "NUMERIC",
                // Blocking sockets with watchdog-enforced bounds: a third of the system calls per statement.
                "socketFactory", WatchedSocketFactory.class.getName());
    }

    @Override
    public String applicationNameProperty() {
        return "ApplicationName";
    }

    /**
     * The terminate call sits in the select list, so it runs only for the sessions the filter kept; a
     * role may end its own sessions. The one-argument form exists in every supported version: the
     * fence that follows waits for the ended session's locks, not for this call.
     */
    @Override
    public String endSessionsSql() {
        return "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = ?"
                + " AND datname = current_database() AND pid <> pg_backend_pid()";
    }

    /** pgjdbc sends the statements of one SQL text as separate extended-protocol messages, one Sync. */
    @Override
    public boolean pipelinesStatements() {
        return true;
    }

    @Override
    public Map<String, String> clientTimeoutProperties(DbTimeouts t) {
        return Map.of(
                "connectTimeout", Long.toString(t.connect().toSeconds()),
                "loginTimeout", Long.toString(t.connect().toSeconds()),
                "socketTimeout", Long.toString(t.socket().toSeconds()));
    }

    @Override
    public Map<String, String> sessionTimeoutProperties(DbTimeouts t) {
        return Map.of(
                "options",
                "-c statement_timeout=" + t.statement().toMillis()
                        + " -c lock_timeout=" + t.lock().toMillis()
                        + " -c idle_in_transaction_session_timeout="
                        + t.idleInTransaction().toMillis());
    }

    @Override
    public String timeoutOf(SQLException e) {
        // 57014 is also a cancel by pg_cancel_backend; for a run's session only the timeout sends it.
        return switch (e.getSQLState() == null ? "" : e.getSQLState()) {
            case "57014" -> "statement timeout (database.timeouts.statement)";
            case "55P03" -> "lock timeout (database.timeouts.lock)";
            case "25P03" -> "idle-in-transaction timeout (database.timeouts.idleInTransaction)";
            default -> Dialect.super.timeoutOf(e);
        };
    }

    @Override
    public String createSchemaSql(String schema) {
        return "CREATE SCHEMA IF NOT EXISTS " + schema;
    }

    @Override
    public String dropSchemaSql(String schema) {
        return "DROP SCHEMA IF EXISTS " + schema + " CASCADE";
    }

    @Override
    public String tablespaceClause(String tablespace, boolean index) {
        return " TABLESPACE " + tablespace;
    }

    @Override
    public String firstRows(int n) {
        return "LIMIT " + n;
    }

    @Override
    public String upsertAdding(String table, List<String> keys, List<String> add) {
        var cols = new ArrayList<>(keys);
        cols.addAll(add);
        String marks = String.join(", ", Collections.nCopies(cols.size(), "?"));
        String sets = String.join(
                ", ",
                add.stream()
                        .map(c -> c + " = " + table + "." + c + " + EXCLUDED." + c)
                        .toList());
        return "INSERT INTO " + table + " (" + String.join(", ", cols) + ") VALUES (" + marks + ") ON CONFLICT ("
                + String.join(", ", keys) + ") DO UPDATE SET " + sets;
    }

    @Override
    public boolean supportsCopy() {
        return true;
    }
}
