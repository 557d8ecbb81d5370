package org.sdbench.database.ddl;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The SD schema in its one, dialect-neutral source: {@code schemas/N-category.yaml} (see
 * schemas/README.md), one file per table category in creation order. Each DBMS's DDL is generated
 * from it ({@link DdlGenerator}), as are the templates of the document tables' SAP fields, the
 * load's SAP-field generators and the casts DB2 needs on parameter markers.
 */
public final class Schema {
    /** Table categories in creation order, as in the file names {@code N-category.yaml}. */
    public static final List<String> CATEGORIES = List.of("master", "mixed", "insert-only", "vb");

    /**
     * Document tables whose rows a run writes by copying the SAP fields of a template row
     * ({@code sdbench_fill_<table>}, filled by load/FillTable), in creation order. Their templates
     * are created last in the master category.
     */
    public static final List<String> TEMPLATED = List.of(
            "vbak", "vbap", "vbep", "vbuk", "vbup", "konv", "vakpa", "likp", "lips", "vbrk", "vbrp", "vbfa", "mkpf",
            "mseg", "bkpf", "bseg", "cdhdr", "cdpos");

    public static final String TEMPLATE_PREFIX = "sdbench_fill_";

    private static final Set<String> TABLE_KEYS = Set.of("key", "columns", "checks", "indexes");
    private static final ObjectMapper YAML =
            new ObjectMapper(new YAMLFactory()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static volatile Schema standard;

    private final Map<String, Table> tables;

    private Schema(Map<String, Table> tables) {
        this.tables = tables;
    }

    /** The schema shipped in the jar (resources {@code /schemas/*.yaml}), read once. */
    public static Schema standard() {
        Schema s = standard;
        if (s == null) {
            Map<String, String> files = new LinkedHashMap<>();
            for (int i = 0; i < CATEGORIES.size(); i++) {
                String file = "/schemas/" + (i + 1) + "-" + CATEGORIES.get(i) + ".yaml";
                files.put(file, read(file));
            }
            s = parse(files);
            standard = s;
        }
        return s;
    }

    /** The schema of the given files (name -> YAML text), one per category in {@link #CATEGORIES} order. */
    public static Schema parse(Map<String, String> files) {
        if (files.size() != CATEGORIES.size()) {
            throw new IllegalArgumentException(
                    "the schema needs one file per category " + CATEGORIES + ", got " + files.keySet());
        }
        Map<String, Table> out = new LinkedHashMap<>();
        int i = 0;
        for (var f : files.entrySet()) {
            String category = CATEGORIES.get(i++);
            JsonNode root;
            try {
                root = YAML.readTree(f.getValue());
            } catch (IOException e) {
                throw new IllegalArgumentException(f.getKey() + ": " + e.getMessage(), e);
            }
            JsonNode list = root == null ? null : root.get("tables");
            if (list == null || !list.isObject() || root.size() != 1) {
                throw new IllegalArgumentException(
                        f.getKey() + ": expected one top-level key 'tables' mapping table names to tables");
            }
            for (var e : list.properties()) {
                Table t = table(f.getKey(), e.getKey(), category, e.getValue());
                if (out.put(t.name(), t) != null) {
                    throw new IllegalArgumentException(f.getKey() + ": table " + t.name() + " is declared twice");
                }
            }
        }
        for (String doc : TEMPLATED) {
            Table t = out.get(doc);
            if (t == null) {
                throw new IllegalArgumentException(
                        "the schema lacks table " + doc + " (its SAP fields have a template)");
            }
            Table template = t.template(TEMPLATE_PREFIX, CATEGORIES.get(0));
            out.put(template.name(), template);
        }
        // Templates belong to the master category: list tables by category, in file order.
        Map<String, Table> ordered = new LinkedHashMap<>();
        for (String c : CATEGORIES) {
            out.values().stream().filter(t -> t.category().equals(c)).forEach(t -> ordered.put(t.name(), t));
        }
        return new Schema(Collections.unmodifiableMap(ordered));
    }

    private static Table table(String file, String name, String category, JsonNode n) {
        String where = file + ": table " + name;
        if (!name.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException(where + ": a table name is lower case letters, digits and _");
        }
        if (!n.isObject()) {
            throw new IllegalArgumentException(where + ": expected keys " + TABLE_KEYS);
        }
        n.fieldNames().forEachRemaining(k -> {
            if (!TABLE_KEYS.contains(k)) {
                throw new IllegalArgumentException(where + ": unknown key '" + k + "', allowed: " + TABLE_KEYS);
            }
        });
        try {
            List<Column> columns = new ArrayList<>();
            for (JsonNode c : array(n, "columns", where)) {
                columns.add(Column.parse(c.asText()));
            }
            if (columns.isEmpty()) {
                throw new IllegalArgumentException("no columns");
            }
            List<String> key = n.has("key") ? strings(array(n, "key", where)) : List.of();
            List<Check> checks = new ArrayList<>();
            if (n.has("checks")) {
                n.get("checks")
                        .properties()
                        .forEach(e ->
                                checks.add(new Check(e.getKey(), e.getValue().asText())));
            }
            List<Index> indexes = new ArrayList<>();
            if (n.has("indexes")) {
                n.get("indexes").properties().forEach(e -> indexes.add(new Index(e.getKey(), strings(e.getValue()))));
            }
            return new Table(name, category, columns, key, null, checks, indexes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    private static JsonNode array(JsonNode n, String key, String where) {
        JsonNode a = n.get(key);
        if (a == null || !a.isArray()) {
            throw new IllegalArgumentException(where + ": '" + key + "' must be a list");
        }
        return a;
    }

    private static List<String> strings(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.forEach(x -> out.add(x.asText()));
        return out;
    }

    public List<String> categories() {
        return CATEGORIES;
    }

    /** Every table, templates included, in creation order. */
    public List<Table> tables() {
        return List.copyOf(tables.values());
    }

    public List<Table> tables(String category) {
        return tables.values().stream()
                .filter(t -> t.category().equals(category))
                .toList();
    }

    /** The table named {@code name} (lower case); an exception naming it when there is none. */
    public Table table(String name) {
        Table t = tables.get(name);
        if (t == null) {
            throw new IllegalArgumentException("the schema has no table " + name);
        }
        return t;
    }

    public boolean hasTable(String name) {
        return tables.containsKey(name);
    }

    private static String read(String resource) {
        try (InputStream in = Schema.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("schema resource " + resource + " missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
