package org.sdbench.db;

import java.util.Map;

public final class PostgresDialect implements Dialect {
    @Override
    public String schemaFolder() {
        return "postgresql";
    }

    @Override
    public Map<String, String> connectionProperties(String schema, String sslmode) {
        return Map.of(
                "currentSchema", schema,
                "sslmode", sslmode,
                "reWriteBatchedInserts", "true",
                "ApplicationName", "sdbench",
                "tcpKeepAlive", "true");
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
    public boolean supportsCopy() {
        return true;
    }
}
