package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.sdbench.database.load.FillTable;
import org.sdbench.database.load.TestDb;

/**
 * Offline checks of the SQL sdbench sends to DB2: the generated DDL, the dialect's own statements
 * and the DB2 form of every statement a short run prepares (run on PostgreSQL, which accepts
 * them, then translated). What only a DB2 server can show is listed in schemas/README.md.
 */
class Db2SqlRulesTest {
    private static final String SCHEMA = "it_db2_rules";
    private final Db2Dialect db2 = new Db2Dialect();

    private static void assertNoViolations(List<String> statements) {
        List<String> bad = new ArrayList<>();
        for (String s : statements) {
            List<String> v = Db2SqlRules.violations(s);
            if (!v.isEmpty()) {
                bad.add(v + " in: " + (s.length() > 300 ? s.substring(0, 300) + "..." : s));
            }
        }
        assertEquals(List.of(), bad);
    }

    private static final Pattern UPSERT = Pattern.compile(
            "(?s)INSERT INTO (\\w+) \\(([^)]*)\\) VALUES \\([^)]*\\) ON CONFLICT \\(([^)]*)\\) DO UPDATE SET .*");
    private static final Pattern LIMIT = Pattern.compile("(?s)(.*) LIMIT (\\d+)$");

    /**
     * The statements a DB2 session sends for one text a PostgreSQL session prepared: a pipeline's
     * statements one by one (DB2's dialect does not pipeline), the dialect's own pieces (first-rows
     * clause, adding upsert) in DB2's form, then {@link Dialect#sql}.
     */
    private List<String> db2Form(String postgresText) {
        List<String> out = new ArrayList<>();
        for (String stmt : postgresText.split(";")) {
            String s = stmt.strip();
            Matcher u = UPSERT.matcher(s);
            Matcher l = LIMIT.matcher(s);
            if (u.matches()) {
                List<String> keys = List.of(u.group(3).split(", "));
                List<String> add = new ArrayList<>(List.of(u.group(2).split(", ")));
                add.removeAll(keys);
                assertEquals(
                        s, new PostgresDialect().upsertAdding(u.group(1), keys, add), "an upsert the dialect wrote");
                s = db2.upsertAdding(u.group(1), keys, add);
            } else if (l.matches()) {
                s = l.group(1) + " " + db2.firstRows(Integer.parseInt(l.group(2)));
            }
            out.add(db2.sql(s));
        }
        return out;
    }

    @Test
    void rules_knownFaults_eachFound() {
        Map<String, String> faults = Map.of(
                FillTable.insert("vbuk", "vbeln, gbstk, lfstk, wbstk, fkstk", "?, 'A', 'A', ' ', 'A'"),
                "untyped ?",
                "INSERT INTO s001 (a) VALUES (?) ON CONFLICT (a) DO NOTHING",
                "ON CONFLICT",
                "SELECT vbeln FROM vbak LIMIT 5",
                "LIMIT 5",
                "SELECT x::text FROM t",
                "'::'",
                "SELECT vbstate FROM vbhdr WHERE vbkey = ? FOR UPDATE",
                "KEEP UPDATE LOCKS",
                "SELECT a FROM t WHERE ? IS NULL",
                "untyped parameter marker",
                "CREATE TABLE t (\n  a VARCHAR(10),\n  b CHAR(300) NOT NULL,\n  CONSTRAINT t_pk PRIMARY KEY (a)\n)",
                "SQL0542N",
                "CREATE TABLE u (\n  a bytea NOT NULL\n)",
                "not a DB2 type",
                "SELECT " + "x".repeat(129) + " FROM t",
                "longer than 128",
                "CREATE TABLE w (\n  a VARCHAR(20000) NOT NULL,\n  b VARCHAR(20000) NOT NULL\n)",
                "32 KB page");
        for (var f : faults.entrySet()) {
            String found = Db2SqlRules.violations(f.getKey()).toString();
            assertTrue(found.contains(f.getValue()), f.getKey() + " -> " + found);
        }
        assertTrue(Db2SqlRules.violations("CREATE TABLE t (\n  b CHAR(300) NOT NULL\n)")
                .toString()
                .contains("beyond"));
    }

    @Test
    void generatedDdl_db2_followsTheRulesWithAndWithoutTablespaces() {
        List<String> all = new ArrayList<>();
        for (List<String> category : SchemaInstaller.statements(db2).values()) {
            for (String s : category) {
                all.add(s);
                all.add(s + db2.tablespaceClause("ts_sd", s.startsWith("CREATE INDEX")));
            }
        }
        assertTrue(all.size() > 100, "every table and index");
        assertNoViolations(all);
    }

    /** DB2 needs a tablespace whose page holds the widest row: which tables a 4 KB page cannot hold. */
    @Test
    void generatedDdl_db2_rowWidthsKnown() {
        Map<String, Integer> wide = new TreeMap<>();
        for (List<String> category : SchemaInstaller.statements(db2).values()) {
            for (String s : category) {
                int w = Db2SqlRules.rowWidth(s);
                assertTrue(s.startsWith("CREATE INDEX") || w > 0, s);
                if (w > Db2SqlRules.MAX_ROW_4K) {
                    wide.put(s.substring(13, s.indexOf(' ', 13)), w);
                }
            }
        }
        System.out.println("DB2 tables wider than a 4 KB page's 4005-byte row: " + wide);
        assertTrue(wide.values().stream().allMatch(w -> w <= Db2SqlRules.MAX_ROW_32K), wide.toString());
    }

    @Test
    void dialectStatements_db2_followTheRules() {
        assertNoViolations(List.of(
                db2.emptyQuery(),
                db2.serverWorkQuery(),
                "SELECT vbeln FROM vbak " + db2.firstRows(40),
                db2.upsertAdding("s001", List.of("vkorg", "matnr"), List.of("umsatz", "menge")),
                db2.createSchemaSql("sd"),
                db2.dropSchemaSql("sd")));
    }

    /** Every statement a run's sessions prepare (dialog steps, update task, V2), in its DB2 form. */
    @Test
    void runStatements_db2Form_followTheRules() throws Exception {
        TestDb.Run load = TestDb.sdbench(
                "load",
                "--users",
                "2",
                "--recreate",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "-w",
                "workloads/sd-quick.yaml");
        assertEquals(0, load.exit(), load.err());
        Set<String> texts = TestDb.runPreparedSql(SCHEMA, 2, "target/test-results/db2-rules");
        assertTrue(texts.stream().anyMatch(s -> s.startsWith("INSERT INTO vbak ")), "the run saved orders: " + texts);
        assertTrue(texts.stream().anyMatch(s -> s.startsWith("INSERT INTO vbrk ")), "the run billed: " + texts);
        assertTrue(texts.stream().anyMatch(s -> s.contains("FOR UPDATE")), "the update task claimed requests");
        List<String> translated =
                texts.stream().flatMap(t -> db2Form(t).stream()).toList();
        assertNoViolations(translated);
        assertFalse(
                Db2SqlRules.violations(texts.stream()
                                .filter(s -> s.startsWith("INSERT INTO vbak "))
                                .findFirst()
                                .orElseThrow())
                        .isEmpty(),
                "as written for PostgreSQL the order insert has untyped markers");
        TestDb.drop(SCHEMA);
    }
}
