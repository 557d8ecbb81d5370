package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Database;
import org.sdbench.database.ddl.Column;
import org.sdbench.database.ddl.Schema;
import org.sdbench.database.ddl.Table;

/**
 * The load keeps statistics off the SAP fields (Table#unplannedColumns): every statement a run's
 * sessions prepare gets the same plan as with statistics on every column, and no plan filters,
 * joins or sorts on a column without statistics.
 */
class LoopPlansPgTest {
    private static final String SCHEMA = "it_loop_plans";
    private static final int USERS = 4;
    /** Plan lines whose expressions the planner estimates with column statistics. */
    private static final Pattern CONDITION = Pattern.compile(
            "(Index Cond|Recheck Cond|Filter|Join Filter|Hash Cond|Merge Cond|Sort Key|Group Key|Presorted Key|Cache Key): (.*)");

    private static final Pattern QUALIFIED = Pattern.compile("\\b([a-z_][a-z0-9_]*)\\.([a-z_][a-z0-9_]*)\\b");

    @Test
    void statisticsOff_everyRunStatement_planUnchangedAndNoConditionOnAColumnWithout() throws Exception {
        TestDb.Run load = TestDb.sdbench(
                "load",
                "--users",
                Integer.toString(USERS),
                "--recreate",
                "--db-url",
                TestDb.url(),
                "--set",
                "database.schema=" + SCHEMA,
                "-w",
                "workloads/sd-quick.yaml");
        assertEquals(0, load.exit(), load.out() + load.err());
        Set<String> prepared = TestDb.runPreparedSql(SCHEMA, USERS, "target/test-results/loop-plans");
        List<String> statements = prepared.stream()
                .flatMap(t -> Stream.of(t.split(";")))
                .map(String::strip)
                .filter(s -> s.matches("(?is)(SELECT|INSERT|UPDATE|DELETE)\\b.*"))
                .distinct()
                .sorted()
                .toList();
        assertTrue(
                statements.stream().anyMatch(s -> s.startsWith("INSERT INTO vbrk ")), "the run billed: " + statements);
        assertTrue(statements.size() > 40, statements.toString());

        Schema schema = Schema.standard();
        Set<String> withoutStatistics = new HashSet<>();
        for (Table t : schema.tables()) {
            t.unplannedColumns().forEach(c -> withoutStatistics.add(t.name() + "." + c.name()));
        }
        try (Database db = TestDb.open(TestDb.config(SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            assertEquals(
                    withoutStatistics.size(),
                    count(
                            s,
                            "SELECT count(*) FROM pg_attribute a JOIN pg_class r ON r.oid = a.attrelid"
                                    + " JOIN pg_namespace n ON n.oid = r.relnamespace WHERE n.nspname = '" + SCHEMA
                                    + "' AND a.attnum > 0"
                                    + " AND a.attstattarget = 0"),
                    "the load's DDL keeps statistics off the generated columns");
            analyze(s, schema);
            Map<String, String> after = plans(s, statements);

            for (Table t : schema.tables()) {
                List<Column> off = t.unplannedColumns();
                if (!off.isEmpty()) {
                    s.execute("ALTER TABLE " + t.name() + " "
                            + off.stream()
                                    .map(col -> "ALTER COLUMN " + col.name() + " SET STATISTICS -1")
                                    .collect(Collectors.joining(", ")));
                }
            }
            analyze(s, schema);
            Map<String, String> before = plans(s, statements);

            assertEquals(before, after);
            assertTrue(
                    after.values().stream().anyMatch(p -> p.contains("Index Scan using vbak_pkey")), after.toString());
            System.out.println(after.size() + " statements of the run, plans unchanged with statistics off "
                    + withoutStatistics.size() + " columns");
            List<String> onColumnWithout = new ArrayList<>();
            for (var e : after.entrySet()) {
                for (String line : e.getValue().split("\n")) {
                    Matcher m = CONDITION.matcher(line.strip());
                    if (m.matches()) {
                        Matcher q = QUALIFIED.matcher(m.group(2));
                        while (q.find()) {
                            if (withoutStatistics.contains(q.group(1) + "." + q.group(2))) {
                                onColumnWithout.add(q.group() + " in " + line.strip() + " of " + e.getKey());
                            }
                        }
                    }
                }
            }
            assertEquals(List.of(), onColumnWithout);
        } finally {
            TestDb.drop(SCHEMA);
        }
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void analyze(Statement s, Schema schema) throws SQLException {
        for (Table t : schema.tables()) {
            s.execute("ANALYZE " + t.name());
        }
    }

    /**
     * Each statement's generic plan (the one a prepared statement settles on), without costs:
     * parameters are untyped NULLs, which a generic plan does not look at.
     */
    private static Map<String, String> plans(Statement s, List<String> statements) throws SQLException {
        s.execute("SET plan_cache_mode = force_generic_plan");
        Map<String, String> out = new TreeMap<>();
        for (String sql : statements) {
            int[] n = {0};
            String numbered = numberParameters(sql, n);
            s.execute("PREPARE loop_plan AS " + numbered);
            try {
                String args = n[0] == 0 ? "" : "(" + String.join(", ", Collections.nCopies(n[0], "NULL")) + ")";
                StringBuilder plan = new StringBuilder();
                try (ResultSet rs = s.executeQuery("EXPLAIN (VERBOSE, COSTS OFF) EXECUTE loop_plan" + args)) {
                    while (rs.next()) {
                        plan.append(rs.getString(1)).append('\n');
                    }
                }
                out.put(sql, plan.toString());
            } finally {
                s.execute("DEALLOCATE loop_plan");
            }
        }
        return out;
    }

    /** JDBC's {@code ?} markers as {@code $1..$n}, outside quoted strings; {@code n[0]} gets their count. */
    private static String numberParameters(String sql, int[] n) {
        StringBuilder b = new StringBuilder(sql.length() + 16);
        boolean quoted = false;
        for (char ch : sql.toCharArray()) {
            if (ch == '\'') {
                quoted = !quoted;
            }
            if (ch == '?' && !quoted) {
                b.append('$').append(++n[0]);
            } else {
                b.append(ch);
            }
        }
        return b.toString();
    }
}
