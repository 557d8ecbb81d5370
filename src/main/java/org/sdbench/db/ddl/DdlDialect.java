package org.sdbench.db.ddl;

/** How one DBMS spells the neutral schema's types, defaults and keys. */
public interface DdlDialect {
    /** The column type as this DBMS declares it. */
    String typeName(ColumnType type);

    /** The column's constraints and default after its type, e.g. {@code NOT NULL DEFAULT ' '}. */
    String columnTail(Column column);

    /** The primary key clause of {@code table}'s CREATE TABLE. */
    String primaryKey(Table table);
}
