package org.sdbench.database.ddl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a dialect's CREATE TABLE and CREATE INDEX statements, and its statistics settings, from the
 * neutral schema.
 */
public final class DdlGenerator {
    private final DdlDialect dialect;

    public DdlGenerator(DdlDialect dialect) {
        this.dialect = dialect;
    }

    public String createTable(Table t) {
        List<String> parts = new ArrayList<>();
        for (Column c : t.columns()) {
            parts.add(c.name() + " " + dialect.typeName(c.type()) + dialect.columnTail(c));
        }
        if (!t.key().isEmpty()) {
            parts.add(dialect.primaryKey(t));
        }
        for (Check c : t.checks()) {
            parts.add("CONSTRAINT " + c.name() + " CHECK (" + c.condition() + ")");
        }
        return "CREATE TABLE " + t.name() + " (\n  " + String.join(",\n  ", parts) + "\n)";
    }

    public List<String> createIndexes(Table t) {
        return t.indexes().stream()
                .map(i -> "CREATE INDEX " + i.name() + " ON " + t.name() + " (" + String.join(", ", i.columns()) + ")")
                .toList();
    }

    /** The statements that keep statistics off the columns the planner does not use. */
    public List<String> statisticsOff(Table t) {
        List<Column> off = t.unplannedColumns();
        return off.isEmpty() ? List.of() : dialect.statisticsOff(t, off);
    }

    /**
     * Every table's CREATE TABLE followed by its indexes and its statistics settings, per category in
     * creation order.
     */
    public Map<String, List<String>> statements(Schema schema) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String category : schema.categories()) {
            List<String> list = new ArrayList<>();
            for (Table t : schema.tables(category)) {
                list.add(createTable(t));
                list.addAll(createIndexes(t));
                list.addAll(statisticsOff(t));
            }
            out.put(category, List.copyOf(list));
        }
        return out;
    }
}
