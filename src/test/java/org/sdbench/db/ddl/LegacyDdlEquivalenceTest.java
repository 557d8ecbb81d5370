package org.sdbench.db.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
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
import org.junit.jupiter.api.Test;
import org.sdbench.db.Database;
import org.sdbench.db.Db2Dialect;
import org.sdbench.db.Dialect;
import org.sdbench.db.PostgresDialect;
import org.sdbench.db.SchemaInstaller;
import org.sdbench.load.TestDb;

/**
 * Proof for the move to one schema source: the DDL generated from schemas/*.yaml equals the
 * hand-kept schemas/postgresql and schemas/db2 files it replaces (statement by statement, and
 * for PostgreSQL in the live catalog). Deleted with those files.
 */
class LegacyDdlEquivalenceTest {
    private static final Pattern CREATE_TABLE = Pattern.compile("(?i)^\\s*CREATE\\s+TABLE\\s+(\\w+)");
    private static final Pattern PRIMARY_KEY = Pattern.compile("(?i)\\bPRIMARY\\s+KEY\\s*\\(([^)]*)\\)");
    private static final Pattern DEFAULT_COLUMN = Pattern.compile("(?i)^\\s*(\\w+)\\s.*\\bDEFAULT\\b.*");

    /** The old installer's statements: the files, then the templates derived from their text. */
    private static Map<String, List<String>> legacy(String folder) throws Exception {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (int i = 0; i < SchemaInstaller.CATEGORIES.size(); i++) {
            String c = SchemaInstaller.CATEGORIES.get(i);
            out.put(c, split(Files.readString(Path.of("schemas", folder, (i + 1) + "-" + c + ".sql"))));
        }
        Map<String, String> byTable = new LinkedHashMap<>();
        out.values().forEach(l -> l.forEach(s -> {
            Matcher m = CREATE_TABLE.matcher(s);
            if (m.find()) {
                byTable.put(m.group(1).toLowerCase(Locale.ROOT), s);
            }
        }));
        List<String> master = new ArrayList<>(out.get("master"));
        for (String t : SchemaInstaller.TEMPLATED) {
            master.add(templateTable(t, byTable.get(t)));
        }
        out.put("master", master);
        return out;
    }

    private static String templateTable(String table, String documentDdl) {
        Matcher k = PRIMARY_KEY.matcher(documentDdl);
        Set<String> key = new HashSet<>();
        if (k.find()) {
            for (String c : k.group(1).split(",")) {
                key.add(c.strip().toLowerCase(Locale.ROOT));
            }
        }
        String name = "sdbench_fill_" + table;
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

    private static List<String> split(String ddl) {
        StringBuilder clean = new StringBuilder();
        for (String line : ddl.split("\n")) {
            int dash = line.indexOf("--");
            clean.append(dash >= 0 ? line.substring(0, dash) : line).append('\n');
        }
        List<String> out = new ArrayList<>();
        for (String part : clean.toString().split(";")) {
            if (!part.isBlank()) {
                out.add(part.strip());
            }
        }
        return out;
    }

    private static String normal(String sql) {
        return sql.replaceAll("\\s+", " ").replaceAll(" ?([(),]) ?", "$1").strip().toLowerCase(Locale.ROOT);
    }

    private static void assertSameStatements(String folder, Dialect dialect, Set<String> except) throws Exception {
        Map<String, List<String>> old = legacy(folder);
        Map<String, List<String>> generated = SchemaInstaller.statements(dialect);
        assertEquals(old.keySet(), generated.keySet());
        for (String c : old.keySet()) {
            List<String> o = old.get(c).stream().map(LegacyDdlEquivalenceTest::normal).toList();
            List<String> g = generated.get(c).stream().map(LegacyDdlEquivalenceTest::normal).toList();
            assertEquals(o.size(), g.size(), folder + " " + c + ": number of statements");
            for (int i = 0; i < o.size(); i++) {
                Matcher m = CREATE_TABLE.matcher(o.get(i));
                if (!(m.find() && except.contains(m.group(1)))) {
                    assertEquals(o.get(i), g.get(i), folder + " " + c + " statement " + i);
                }
            }
        }
    }

    @Test
    void db2_generated_sameStatementsAsTheOldFiles() throws Exception {
        assertSameStatements("db2", new Db2Dialect(), Set.of());
    }

    /** Case aside (SQL keywords, type names); ddlog declared its key in its column, the catalog test shows the same table. */
    @Test
    void postgresql_generated_sameStatementsAsTheOldFilesButDdlogsInlineKey() throws Exception {
        assertSameStatements("postgresql", new PostgresDialect(), Set.of("ddlog"));
    }

    @Test
    void postgresql_generatedAndOldInstalled_sameCatalog() throws Exception {
        Map<String, List<String>> old = legacy("postgresql");
        Map<String, List<String>> generated = SchemaInstaller.statements(new PostgresDialect());
        try (Database db = TestDb.open(TestDb.config("it_legacy_ddl")); Connection c = db.connect();
             Statement s = c.createStatement()) {
            List<String> catalogs = new ArrayList<>();
            for (var e : List.of(Map.entry("it_ddl_old", old), Map.entry("it_ddl_new", generated))) {
                s.execute("DROP SCHEMA IF EXISTS " + e.getKey() + " CASCADE");
                s.execute("CREATE SCHEMA " + e.getKey());
                s.execute("SET search_path TO " + e.getKey());
                for (List<String> list : e.getValue().values()) {
                    for (String stmt : list) {
                        s.execute(stmt);
                    }
                }
                catalogs.add(catalog(s, e.getKey()));
                s.execute("DROP SCHEMA " + e.getKey() + " CASCADE");
            }
            assertEquals(catalogs.get(0), catalogs.get(1));
            assertEquals(true, catalogs.get(0).lines().count() > 3000, "the catalog lists every column");
        }
    }

    private static String catalog(Statement s, String schema) throws Exception {
        StringBuilder b = new StringBuilder();
        String[] queries = {
            "SELECT table_name, ordinal_position, column_name, data_type, character_maximum_length, numeric_precision,"
                    + " numeric_scale, datetime_precision, is_nullable, column_default, is_identity, identity_generation"
                    + " FROM information_schema.columns WHERE table_schema = '" + schema + "' ORDER BY 1, 2",
            "SELECT cl.relname, co.conname, co.contype, pg_get_constraintdef(co.oid) FROM pg_constraint co"
                    + " JOIN pg_class cl ON cl.oid = co.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace"
                    + " WHERE n.nspname = '" + schema + "' ORDER BY 1, 2",
            "SELECT tablename, indexname, replace(indexdef, '" + schema + ".', '') FROM pg_indexes"
                    + " WHERE schemaname = '" + schema + "' ORDER BY 1, 2",
            "SELECT relname, relkind, relpersistence, reloptions FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                    + " WHERE n.nspname = '" + schema + "' ORDER BY 1",
        };
        for (String q : queries) {
            try (var rs = s.executeQuery(q)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int i = 1; i <= n; i++) {
                        b.append(rs.getString(i)).append('|');
                    }
                    b.append('\n');
                }
            }
        }
        return b.toString();
    }
}
