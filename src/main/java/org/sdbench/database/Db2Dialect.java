package org.sdbench.database;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sdbench.config.DbTimeouts;
import org.sdbench.database.ddl.Column;
import org.sdbench.database.ddl.ColumnType;
import org.sdbench.database.ddl.Schema;
import org.sdbench.database.ddl.Table;

public final class Db2Dialect implements Dialect {
    /** Payloads of any size as a BLOB; everything else as the neutral schema spells it, in DB2's upper case. */
    @Override
    public String typeName(ColumnType t) {
        return t.kind() == ColumnType.Kind.BLOB ? "BLOB(32M)" : t.toString().toUpperCase(Locale.ROOT);
    }

    @Override
    public String columnTail(Column c) {
        if (c.identity()) {
            return " NOT NULL GENERATED ALWAYS AS IDENTITY";
        }
        return (c.nullable() ? "" : " NOT NULL")
                + (c.hasDefault()
                        ? " WITH DEFAULT "
                                + (c.defaultValue().equals("current_date") ? "CURRENT DATE" : c.defaultValue())
                        : "");
    }

    @Override
    public String primaryKey(Table t) {
        return "CONSTRAINT " + (t.keyName() == null ? t.name() + "_pk" : t.keyName()) + " PRIMARY KEY ("
                + String.join(", ", t.key()) + ")";
    }

    /**
     * None: DB2 has no per-column statistics target; RUNSTATS names its columns in the command
     * itself, and the load's RUNSTATS keeps collecting on every column.
     */
    @Override
    public List<String> statisticsOff(Table t, List<Column> columns) {
        return List.of();
    }

    @Override
    public Map<String, String> connectionProperties(String schema, String sslmode) {
        return Map.of(
                "currentSchema", schema.toUpperCase(),
                "sslConnection", Boolean.toString(!"disable".equals(sslmode)),
                "clientProgramName", "sdbench");
    }

    /**
     * DB2 ends another application only through FORCE APPLICATION (ADMIN_CMD with its handle), which
     * needs SYSADM-level authority a benchmark user should not have: a fenced holder's open
     * transaction then keeps its locks until DB2's own lock timeout or its connection ends, and taking
     * the lease waits for it within database.timeouts.lock.
     */
    @Override
    public String applicationNameProperty() {
        return "clientProgramName";
    }

    @Override
    public Map<String, String> clientTimeoutProperties(DbTimeouts t) {
        return Map.of(
                "loginTimeout", Long.toString(t.connect().toSeconds()),
                "blockingReadConnectionTimeout", Long.toString(t.socket().toSeconds()));
    }

    @Override
    public Map<String, String> sessionTimeoutProperties(DbTimeouts t) {
        // DB2 has no per-session statement or idle-in-transaction limit settable from the client;
        // the socket bound covers a statement that never returns.
        return Map.of("currentLockTimeout", Long.toString(Math.max(1, t.lock().toSeconds())));
    }

    @Override
    public String createSchemaSql(String schema) {
        return "CREATE SCHEMA " + schema;
    }

    @Override
    public String dropSchemaSql(String schema) {
        return "CALL SYSPROC.ADMIN_DROP_SCHEMA('" + schema.toUpperCase() + "', NULL, 'ERRSCHEMA', 'ERRTABLE')";
    }

    @Override
    public String tablespaceClause(String tablespace, boolean index) {
        // DB2 puts indexes where their table's INDEX IN clause says, so only tables get a clause.
        return index ? "" : " IN " + tablespace + " INDEX IN " + tablespace;
    }

    /** Typed parameter markers in INSERT ... SELECT lists, update locks kept until commit ({@link Db2Statements}). */
    @Override
    public String sql(String statement) {
        return Db2Statements.translate(statement, Schema.standard(), this);
    }

    @Override
    public String emptyQuery() {
        return "VALUES 1";
    }

    @Override
    public String serverWorkQuery() {
        return "WITH t(n) AS (SELECT 1 FROM sysibm.sysdummy1 UNION ALL SELECT n + 1 FROM t WHERE n < CAST(? AS INTEGER)) "
                + "SELECT COUNT(*) FROM t";
    }

    @Override
    public String firstRows(int n) {
        return "FETCH FIRST " + n + " ROWS ONLY";
    }

    @Override
    public boolean isRetryable(SQLException e) {
        // -911 deadlock or timeout with rollback, -913 the same without rollback.
        return Dialect.super.isRetryable(e) || e.getErrorCode() == -911 || e.getErrorCode() == -913;
    }

    @Override
    public String upsertAdding(String table, List<String> keys, List<String> add) {
        var cols = new ArrayList<>(keys);
        cols.addAll(add);
        String src = String.join(
                ", ",
                cols.stream()
                        .map(c -> "CAST(? AS " + (keys.contains(c) ? "VARCHAR(18)" : "DECIMAL(17,3)") + ") AS " + c)
                        .toList());
        String on = String.join(
                " AND ", keys.stream().map(k -> "t." + k + " = s." + k).toList());
        String sets = String.join(
                ", ",
                add.stream().map(c -> "t." + c + " = t." + c + " + s." + c).toList());
        return "MERGE INTO " + table + " t USING (SELECT " + src + " FROM SYSIBM.SYSDUMMY1) s ON " + on
                + " WHEN MATCHED THEN UPDATE SET " + sets + " WHEN NOT MATCHED THEN INSERT (" + String.join(", ", cols)
                + ") VALUES ("
                + String.join(", ", cols.stream().map(c -> "s." + c).toList()) + ")";
    }

    @Override
    public boolean supportsCopy() {
        return false;
    }
}
