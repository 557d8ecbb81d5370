package org.sdbench.database.ddl;

import java.util.List;

/** How one DBMS spells the neutral schema's types, defaults and keys. */
public interface DdlDialect {
    /** The column type as this DBMS declares it. */
    String typeName(ColumnType type);

    /** The column's constraints and default after its type, e.g. {@code NOT NULL DEFAULT ' '}. */
    String columnTail(Column column);

    /** The primary key clause of {@code table}'s CREATE TABLE. */
    String primaryKey(Table table);

    /**
     * Statements that keep the optimizer's statistics off {@code columns} of {@code table}
     * ({@link Table#unplannedColumns()}); none where the DBMS has no per-column setting that its
     * statistics command honours.
     */
    List<String> statisticsOff(Table table, List<Column> columns);
}
