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
    public String upsertAdding(String table, java.util.List<String> keys, java.util.List<String> add) {
        var cols = new java.util.ArrayList<>(keys);
        cols.addAll(add);
        String marks = String.join(", ", java.util.Collections.nCopies(cols.size(), "?"));
        String sets = String.join(", ", add.stream().map(c -> c + " = " + table + "." + c + " + EXCLUDED." + c).toList());
        return "INSERT INTO " + table + " (" + String.join(", ", cols) + ") VALUES (" + marks + ") ON CONFLICT ("
                + String.join(", ", keys) + ") DO UPDATE SET " + sets;
    }

    @Override
    public boolean supportsCopy() {
        return true;
    }
}
