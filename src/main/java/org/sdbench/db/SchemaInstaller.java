package org.sdbench.db;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sdbench.config.Tablespaces;

/** Creates, checks and drops the SD schema from the DDL in {@code schemas/<dbms>/}, one file per table category. */
public final class SchemaInstaller {
    /** Table categories in creation order, as in the file names {@code N-category.sql}. */
    public static final List<String> CATEGORIES = List.of("master", "mixed", "insert-only", "vb");

    private static final Pattern CREATE_TABLE = Pattern.compile("(?i)^\\s*CREATE\\s+TABLE\\s+(\\w+)");
    private static final Pattern CREATE_INDEX = Pattern.compile("(?i)^\\s*CREATE\\s+(UNIQUE\\s+)?INDEX\\b");
    private static final Pattern PRIMARY_KEY = Pattern.compile("(?i)\\bPRIMARY\\s+KEY\\s*\\(([^)]*)\\)");
    private static final Pattern DEFAULT_COLUMN = Pattern.compile("(?i)^\\s*(\\w+)\\s.*\\bDEFAULT\\b.*");

    /**
     * Document tables whose rows a run writes by copying the SAP fields of a template row
     * ({@code sdbench_fill_<table>}, filled by load/FillTable), in creation order.
     */
    public static final List<String> TEMPLATED = List.of("vbak", "vbap", "vbep", "vbuk", "vbup", "konv", "vakpa",
            "likp", "lips", "vbrk", "vbrp", "vbfa", "mkpf", "mseg", "bkpf", "bseg", "cdhdr", "cdpos");
    public static final String TEMPLATE_PREFIX = "sdbench_fill_";

    /**
     * The tables of SD's functions besides the documents (pricing, partners, credit, availability,
     * texts, output): one file whose statements each name their category in a {@code -- category:} line.
     */
    public static final String SD_FUNCTIONS_FILE = "sd-functions.sql";
    private static final Pattern CATEGORY = Pattern.compile("^--\\s*category:\\s*([\\w-]+)\\s*$");

    private final Database db;

    public SchemaInstaller(Database db) {
        this.db = db;
    }

    /**
     * DDL statements per category, without comments. The template tables come last in the master
     * category, derived from their document tables' DDL so that the SAP-field columns have one source.
     */
    public Map<String, List<String>> statements() {
        return statements(db.dialect().schemaFolder());
    }

    /** {@link #statements()} of the DDL in {@code schemas/<folder>/}. */
    public static Map<String, List<String>> statements(String folder) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (int i = 0; i < CATEGORIES.size(); i++) {
            String file = "/schemas/" + folder + "/" + (i + 1) + "-" + CATEGORIES.get(i) + ".sql";
            out.put(CATEGORIES.get(i), split(read(file)));
        }
        addByCategory(out, read("/schemas/" + folder + "/" + SD_FUNCTIONS_FILE));
        Map<String, String> byTable = new LinkedHashMap<>();
        out.values().forEach(list -> list.forEach(stmt -> {
            Matcher m = CREATE_TABLE.matcher(stmt);
            if (m.find()) {
                byTable.put(m.group(1).toLowerCase(Locale.ROOT), stmt);
            }
        }));
        List<String> master = new ArrayList<>(out.get(CATEGORIES.get(0)));
        for (String table : TEMPLATED) {
            String document = byTable.get(table);
            if (document == null) {
                throw new IllegalStateException("the " + folder + " DDL lacks table " + table);
            }
            master.add(templateTable(table, document));
        }
        out.put(CATEGORIES.get(0), List.copyOf(master));
        return out;
    }

    /**
     * The template table of {@code table}: an id and the document's SAP fields, i.e. its columns
     * with a default except the client and the primary key, as declared in the document's DDL.
     */
    public static String templateTable(String table, String documentDdl) {
        Matcher k = PRIMARY_KEY.matcher(documentDdl);
        Set<String> key = new HashSet<>();
        if (k.find()) {
            for (String c : k.group(1).split(",")) {
                key.add(c.strip().toLowerCase(Locale.ROOT));
            }
        }
        String name = TEMPLATE_PREFIX + table;
        StringBuilder b = new StringBuilder("CREATE TABLE ").append(name).append(" (\n  id INTEGER NOT NULL,\n");
        for (String line : documentDdl.split("\n")) {
            Matcher c = DEFAULT_COLUMN.matcher(line);
            String column = c.matches() ? c.group(1).toLowerCase(Locale.ROOT) : null;
            if (column != null && !column.equals("mandt") && !key.contains(column)) {
                String def = line.strip();
                b.append("  ").append(def.endsWith(",") ? def : def + ",").append('\n');
            }
        }
        return b.append("  CONSTRAINT ").append(name).append("_pk PRIMARY KEY (id)\n)").toString();
    }

    /** Every table the DDL creates, in creation order. */
    public List<String> tables() {
        List<String> t = new ArrayList<>();
        statements().values().forEach(list -> list.forEach(s -> {
            Matcher m = CREATE_TABLE.matcher(s);
            if (m.find()) {
                t.add(m.group(1).toLowerCase());
            }
        }));
        return t;
    }

    /** Tables of the expected set that exist in the schema. */
    public List<String> existingTables(Connection c) throws SQLException {
        List<String> found = new ArrayList<>();
        try (var rs = c.getMetaData().getTables(null, schemaPattern(c), "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                found.add(rs.getString("TABLE_NAME").toLowerCase());
            }
        }
        return tables().stream().filter(found::contains).toList();
    }

    /**
     * Tables, views, sequences, functions and the like in the schema that the DDL did not create
     * (indexes go with their tables): what --recreate would destroy that is not sdbench's.
     */
    public List<String> foreignObjects(Connection c) throws SQLException {
        java.util.Set<String> ours = new java.util.HashSet<>(tables());
        List<String> foreign = new ArrayList<>();
        try (var rs = c.getMetaData().getTables(null, schemaPattern(c), "%", null)) {
            while (rs.next()) {
                String type = String.valueOf(rs.getString("TABLE_TYPE")).toLowerCase(java.util.Locale.ROOT);
                String name = rs.getString("TABLE_NAME").toLowerCase(java.util.Locale.ROOT);
                if (!type.contains("index") && !ours.contains(name) && !(type.contains("sequence") && ownSequence(ours, name))) {
                    foreign.add(name + " (" + type + ")");
                }
            }
        }
        try (var rs = c.getMetaData().getFunctions(null, schemaPattern(c), "%")) {
            while (rs.next()) {
                foreign.add(rs.getString("FUNCTION_NAME").toLowerCase(java.util.Locale.ROOT) + " (function)");
            }
        }
        return foreign;
    }

    /** A serial or identity column's sequence, named {@code <table>_<column>_seq} by PostgreSQL. */
    private static boolean ownSequence(java.util.Set<String> ours, String name) {
        return name.endsWith("_seq") && ours.stream().anyMatch(t -> name.startsWith(t + "_"));
    }

    private String schemaPattern(Connection c) throws SQLException {
        return c.getMetaData().storesUpperCaseIdentifiers() ? db.schema().toUpperCase() : db.schema();
    }

    /**
     * Creates the schema. Refuses to touch a schema that already holds SD tables unless
     * {@code recreate}, in which case everything in it is dropped first.
     */
    public void install(Tablespaces tablespaces, boolean recreate) {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            List<String> existing = existingTables(c);
            if (!existing.isEmpty() && !recreate) {
                throw new EnvironmentException("schema '" + db.schema() + "' in " + db.describe() + " already holds "
                        + existing.size() + " SD tables: add --recreate to drop and reload it, or use another database.schema");
            }
            if (!existing.isEmpty()) {
                List<String> foreign = foreignObjects(c);
                if (!foreign.isEmpty()) {
                    throw new EnvironmentException("refusing to drop schema '" + db.schema() + "' in " + db.describe()
                            + ": it also holds " + foreign.size() + " objects sdbench did not create ("
                            + String.join(", ", foreign.subList(0, Math.min(5, foreign.size())))
                            + (foreign.size() > 5 ? ", ..." : "") + "); give sdbench a schema of its own (database.schema)");
                }
            }
            // One transaction: a failing statement (a missing tablespace, say) leaves no half-built schema behind.
            c.setAutoCommit(false);
            if (!existing.isEmpty()) {
                s.execute(db.dialect().dropSchemaSql(db.schema()));
            }
            s.execute(db.dialect().createSchemaSql(db.schema()));
            Map<String, String> placement = tablespaces.mapped();
            for (var e : statements().entrySet()) {
                String ts = placement.get(e.getKey());
                for (String stmt : e.getValue()) {
                    s.execute(ts == null ? stmt : stmt + clause(stmt, ts));
                }
            }
            c.commit();
        } catch (SQLException e) {
            throw new EnvironmentException("creating the schema '" + db.schema() + "' in " + db.describe() + " failed: "
                    + SqlErrors.firstLine(e) + (e.getMessage() != null && e.getMessage().contains("tablespace")
                    ? " (create the tablespace first, or clear database.tablespaces)" : ""), e);
        }
    }

    private String clause(String stmt, String tablespace) {
        if (CREATE_TABLE.matcher(stmt).find()) {
            return db.dialect().tablespaceClause(tablespace, false);
        }
        return CREATE_INDEX.matcher(stmt).find() ? db.dialect().tablespaceClause(tablespace, true) : "";
    }

    /** Environment error naming the missing tables, unless the whole schema is there. */
    public void requireInstalled() {
        try (Connection c = db.connect()) {
            List<String> have = existingTables(c);
            List<String> missing = tables().stream().filter(t -> !have.contains(t)).toList();
            if (!missing.isEmpty()) {
                throw new EnvironmentException("schema '" + db.schema() + "' in " + db.describe()
                        + (have.isEmpty() ? " has no SD tables" : " lacks tables " + missing)
                        + ": run './sdbench load --users N' first");
            }
        } catch (SQLException e) {
            throw new EnvironmentException("reading the schema of " + db.describe() + " failed: " + SqlErrors.firstLine(e), e);
        }
    }

    /** Appends each statement of {@code ddl} to the category named by the {@code -- category:} line before it. */
    static void addByCategory(Map<String, List<String>> out, String ddl) {
        String category = null;
        StringBuilder stmt = new StringBuilder();
        for (String line : ddl.split("\n")) {
            Matcher m = CATEGORY.matcher(line);
            if (m.matches()) {
                category = m.group(1);
                continue;
            }
            stmt.append(line).append('\n');
            if (line.indexOf("--") >= 0 ? !line.substring(0, line.indexOf("--")).contains(";") : !line.contains(";")) {
                continue;
            }
            List<String> parsed = split(stmt.toString());
            stmt.setLength(0);
            if (parsed.isEmpty()) {
                continue;
            }
            if (category == null || !out.containsKey(category)) {
                throw new IllegalStateException(SD_FUNCTIONS_FILE + ": statement without a known '-- category:' line ("
                        + CATEGORIES + "): " + parsed.get(0).lines().findFirst().orElse(""));
            }
            List<String> l = new ArrayList<>(out.get(category));
            l.addAll(parsed);
            out.put(category, List.copyOf(l));
            category = null;
        }
        if (!split(stmt.toString()).isEmpty()) {
            throw new IllegalStateException(SD_FUNCTIONS_FILE + ": statement without a closing ';'");
        }
    }

    public static List<String> split(String ddl) {
        StringBuilder clean = new StringBuilder();
        for (String line : ddl.split("\n")) {
            int dash = line.indexOf("--");
            clean.append(dash >= 0 ? line.substring(0, dash) : line).append('\n');
        }
        List<String> out = new ArrayList<>();
        for (String part : clean.toString().split(";")) {
            String p = part.strip();
            if (!p.isEmpty()) {
                out.add(p);
            }
        }
        return out;
    }

    private static String read(String resource) {
        try (InputStream in = SchemaInstaller.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("DDL resource " + resource + " missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
