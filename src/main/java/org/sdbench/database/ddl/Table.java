package org.sdbench.database.ddl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One table of the neutral schema. {@code keyName} names the primary key constraint where the
 * schema fixes it (the templates); otherwise each dialect names it as its DDL always did.
 */
public record Table(
        String name,
        String category,
        List<Column> columns,
        List<String> key,
        String keyName,
        List<Check> checks,
        List<Index> indexes) {
    public Table {
        columns = List.copyOf(columns);
        key = List.copyOf(key);
        checks = List.copyOf(checks);
        indexes = List.copyOf(indexes);
        Set<String> names = new HashSet<>();
        for (Column c : columns) {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException("table " + name + " declares column " + c.name() + " twice");
            }
        }
        for (String k : key) {
            if (!names.contains(k)) {
                throw new IllegalArgumentException("table " + name + ": key column " + k + " is not a column");
            }
        }
        for (Index i : indexes) {
            for (String c : i.columns()) {
                String column = c.split("\\s+")[0];
                if (!names.contains(column)) {
                    throw new IllegalArgumentException(
                            "table " + name + ": index " + i.name() + " names unknown column " + column);
                }
            }
        }
    }

    public Column column(String column) {
        for (Column c : columns) {
            if (c.name().equals(column)) {
                return c;
            }
        }
        throw new IllegalArgumentException("table " + name + " has no column " + column);
    }

    public List<String> columnNames() {
        return columns.stream().map(Column::name).toList();
    }

    /**
     * The SAP fields: columns with a default that are neither the client nor part of the key. The
     * loop leaves them to their defaults; 'sdbench load' fills them (load/SapFields).
     */
    public List<Column> sapFields() {
        return columns.stream()
                .filter(c -> c.hasDefault() && !c.nullable() && !c.name().equals("mandt") && !key.contains(c.name()))
                .toList();
    }

    /**
     * The SAP fields no index names. No statement of the loop filters, joins, groups or sorts on a
     * SAP field (the loop leaves them to their defaults and reads them only in whole-row reads), so
     * the planner has no use for their statistics; an ANALYZE that builds them spends most of its
     * time on them in SAP-width tables.
     */
    public List<Column> unplannedColumns() {
        return sapFields().stream()
                .filter(c -> indexes.stream()
                        .flatMap(i -> i.columns().stream())
                        .noneMatch(ic -> ic.split("\\s+")[0].equals(c.name())))
                .toList();
    }

    /** The template table {@code prefix + name}: an id and this table's SAP fields, in the given category. */
    public Table template(String prefix, String templateCategory) {
        List<Column> cols = new ArrayList<>();
        cols.add(new Column("id", new ColumnType(ColumnType.Kind.INTEGER, 0, 0), false, false, null));
        cols.addAll(sapFields());
        return new Table(
                prefix + name, templateCategory, cols, List.of("id"), prefix + name + "_pk", List.of(), List.of());
    }
}
