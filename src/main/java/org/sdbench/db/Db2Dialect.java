package org.sdbench.db;

import java.sql.SQLException;
import java.util.Map;

public final class Db2Dialect implements Dialect {
    @Override
    public String schemaFolder() {
        return "db2";
    }

    @Override
    public Map<String, String> connectionProperties(String schema, String sslmode) {
        return Map.of(
                "currentSchema", schema.toUpperCase(),
                "sslConnection", Boolean.toString(!"disable".equals(sslmode)),
                "clientProgramName", "sdbench");
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
    public boolean supportsCopy() {
        return false;
    }
}
