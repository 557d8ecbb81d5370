package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.core.Clock;
import org.sdbench.database.load.TestDb;

/** The pipeline's SQL text, and what a real PostgreSQL makes of it: order, atomicity, errors, counts. */
class PipelineTest {
    private static final String SCHEMA = "it_pipeline";
    private static Database db;

    @BeforeAll
    static void open() throws SQLException {
        db = TestDb.open(TestDb.config(SCHEMA));
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
            s.execute("CREATE TABLE IF NOT EXISTS " + SCHEMA
                    + ".pt (k int PRIMARY KEY, v varchar(10), n int NOT NULL DEFAULT 0)");
            s.execute("CREATE TABLE IF NOT EXISTS " + SCHEMA + ".ph (k int PRIMARY KEY, st char(1))");
        }
    }

    @AfterAll
    static void drop() throws SQLException {
        db.close();
        TestDb.drop(SCHEMA);
    }

    @Test
    void sql_batchedPlainInsert_oneMultiRowInsert() {
        Pipeline p = new Pipeline(new PostgresDialect());
        p.update("INSERT INTO h (a) VALUES (?)", 1);
        p.batch("INSERT INTO t (a, b) VALUES (?, 'x')", List.of(new Object[] {2}, new Object[] {3}));
        p.batch("UPDATE u SET a = a - ? WHERE b = ?", List.of(new Object[] {4, 5}, new Object[] {6, 7}));
        assertEquals(
                "INSERT INTO h (a) VALUES (?);\nINSERT INTO t (a, b) VALUES (?, 'x'), (?, 'x');\n"
                        + "UPDATE u SET a = a - ? WHERE b = ?;\nUPDATE u SET a = a - ? WHERE b = ?",
                p.sql());
        assertArrayEquals(new Object[] {1, 2, 3, 4, 5, 6, 7}, p.parameters());
        assertEquals(3, p.statements());
    }

    @Test
    void shape_sameStatementsAndRowCounts_equalOtherwiseNot() {
        Pipeline a = shaped(2, 1, 10);
        Pipeline b = shaped(2, 7, 70);
        assertEquals(a.shape(), b.shape(), "other values, same shape");
        assertEquals(a.shape().hashCode(), b.shape().hashCode());
        assertEquals(a.sql(), b.sql());
        assertNotEquals(a.shape(), shaped(3, 1, 10).shape(), "another row count");
        Pipeline c = new Pipeline(new PostgresDialect());
        c.update("INSERT INTO h (a) VALUES (?)", 1);
        c.batch("UPDATE t SET a = ? WHERE b = ?", List.of(new Object[] {1, 2}, new Object[] {3, 4}));
        assertNotEquals(a.shape(), c.shape(), "another statement");
    }

    @Test
    void run_sameShapeTwice_secondRunBindsItsOwnValues() throws SQLException {
        try (DbSession s = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM)) {
            for (int k : new int[] {1100, 1200}) {
                Pipeline p = new Pipeline(s.dialect());
                p.batch(
                        "INSERT INTO pt (k, v) VALUES (?, ?)",
                        List.of(new Object[] {k, "x" + k}, new Object[] {k + 1, "y" + k}));
                p.update("INSERT INTO ph (k, st) VALUES (?, 'P')", k);
                s.run(p);
                s.commit();
            }
            assertEquals(
                    List.of("1100:x1100", "1101:y1100", "1200:x1200", "1201:y1200"),
                    s.query(
                            "SELECT k, v FROM pt WHERE k >= 1100 ORDER BY k",
                            rs -> rs.getInt(1) + ":" + rs.getString(2)));
            assertEquals(
                    List.of(1100, 1200), s.query("SELECT k FROM ph WHERE k >= 1100 ORDER BY k", rs -> rs.getInt(1)));
            s.update("DELETE FROM pt WHERE k >= 1100");
            s.update("DELETE FROM ph WHERE k >= 1100");
            s.commit();
        }
    }

    private static Pipeline shaped(int rows, int first, int value) {
        Pipeline p = new Pipeline(new PostgresDialect());
        p.update("INSERT INTO h (a) VALUES (?)", value);
        List<Object[]> r = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            r.add(new Object[] {first + i, value});
        }
        p.batch("UPDATE t SET a = a - ? WHERE b = ?", r);
        return p;
    }

    @Test
    void multiRowValuesAt_upsertOrFunctionInTuple_notRewritten() {
        assertEquals(
                -1,
                Pipeline.multiRowValuesAt("INSERT INTO s (a) VALUES (?) ON CONFLICT (a) DO UPDATE SET b = s.b + 1"));
        assertEquals(-1, Pipeline.multiRowValuesAt("INSERT INTO s (a, b) VALUES (?, now())"));
        assertEquals(-1, Pipeline.multiRowValuesAt("DELETE FROM s WHERE a IN (?)"));
        assertEquals(25, Pipeline.multiRowValuesAt("INSERT INTO s (a) VALUES (?)"));
    }

    @Test
    void run_statementsOfDifferentTables_allAppliedInOrderAndCountedAsStatements() throws SQLException {
        try (DbSession s = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM)) {
            s.resetCounters();
            Pipeline p = new Pipeline(s.dialect());
            p.batch(
                    "INSERT INTO pt (k, v) VALUES (?, ?)",
                    List.of(new Object[] {1, "a"}, new Object[] {2, "b"}, new Object[] {3, "c"}));
            p.update("INSERT INTO ph (k, st) VALUES (?, 'P')", 1);
            // Sees the rows the statements before it inserted: they ran first.
            p.batch("UPDATE pt SET n = n + ? WHERE k = ?", List.of(new Object[] {5, 1}, new Object[] {7, 3}));
            p.update("DELETE FROM pt WHERE k = ?", 2);
            s.run(p);
            assertEquals(4, s.calls());
            s.commit();
            assertEquals(
                    List.of("1:5", "3:7"),
                    s.query("SELECT k, n FROM pt ORDER BY k", rs -> rs.getInt(1) + ":" + rs.getInt(2)));
            s.commit();
        }
    }

    /** DB2's path: a dialect that takes one statement per request gets them one by one, same rows, same count. */
    @Test
    void run_dialectWithoutPipelining_statementsOneByOneSameResultAndCount() throws SQLException {
        Dialect pg = db.dialect();
        Dialect oneByOne = (Dialect) Proxy.newProxyInstance(
                Dialect.class.getClassLoader(),
                new Class<?>[] {Dialect.class},
                (proxy, method, args) ->
                        method.getName().equals("pipelinesStatements") ? Boolean.FALSE : method.invoke(pg, args));
        try (DbSession s = new DbSession(db.connect(), oneByOne, Clock.SYSTEM)) {
            s.resetCounters();
            Pipeline p = new Pipeline(s.dialect());
            p.batch("INSERT INTO pt (k, v) VALUES (?, ?)", List.of(new Object[] {300, "a"}, new Object[] {301, "b"}));
            p.update("UPDATE pt SET n = n + ? WHERE k = ?", 9, 301);
            p.update("DELETE FROM pt WHERE k = ?", 300);
            s.run(p);
            assertEquals(3, s.calls());
            DbSession.Both<Integer, Integer> both = s.queryBoth(
                    "SELECT n FROM pt WHERE k = ?",
                    rs -> rs.getInt(1),
                    new Object[] {301},
                    "SELECT k FROM pt WHERE k = ?",
                    rs -> rs.getInt(1),
                    new Object[] {300});
            assertEquals(List.of(9), both.first());
            assertEquals(List.of(), both.second());
            s.commit();
        }
    }

    @Test
    void run_laterStatementFails_errorSurfacesWithItsSqlStateAndNothingOfThePipelineCommits() throws SQLException {
        try (DbSession s = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM)) {
            s.update("INSERT INTO pt (k, v) VALUES (?, ?)", 100, "x");
            s.commit();
            Pipeline p = new Pipeline(s.dialect());
            p.update("INSERT INTO pt (k, v) VALUES (?, ?)", 101, "y");
            p.update("INSERT INTO pt (k, v) VALUES (?, ?)", 100, "dup");
            SQLException e = assertThrows(SQLException.class, () -> s.run(p));
            assertEquals("23505", e.getSQLState());
            s.rollbackQuietly();
            assertEquals(
                    List.of(100),
                    s.query("SELECT k FROM pt WHERE k BETWEEN 100 AND 199 ORDER BY k", rs -> rs.getInt(1)));
            s.commit();
        }
    }

    @Test
    void queryBoth_secondQueryWaitsForTheFirstsLock_seesWhatCommittedMeanwhile() throws Exception {
        try (DbSession a = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM);
                DbSession b = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM)) {
            a.update("INSERT INTO ph (k, st) VALUES (?, 'P')", 200);
            a.commit();
            // b holds the row lock and adds a row that a's second query must see once the lock is granted.
            b.queryOne("SELECT st FROM ph WHERE k = ? FOR UPDATE", rs -> rs.getString(1), 200);
            b.update("INSERT INTO pt (k, v) VALUES (?, ?)", 201, "late");
            Thread committer = Thread.ofPlatform().start(() -> {
                try {
                    // The lock wait of a's first query shows in pg_locks; then b commits.
                    waitForLockWaiter();
                    b.commit();
                } catch (SQLException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            a.resetCounters();
            DbSession.Both<String, Integer> both = a.queryBoth(
                    "SELECT st FROM ph WHERE k = ? FOR UPDATE",
                    rs -> rs.getString(1),
                    new Object[] {200},
                    "SELECT k FROM pt WHERE k = ?",
                    rs -> rs.getInt(1),
                    new Object[] {201});
            committer.join(30_000);
            assertEquals(2, a.calls());
            a.commit();
            assertEquals(List.of("P"), both.first());
            assertEquals(
                    List.of(201), both.second(), "the second query's snapshot is taken after the lock was granted");
        }
    }

    private static void waitForLockWaiter() throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            while (System.nanoTime() < deadline) {
                try (var rs = s.executeQuery(
                        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()")) {
                    rs.next();
                    if (rs.getInt(1) > 0) {
                        return;
                    }
                }
                Thread.sleep(10);
            }
        }
        throw new IllegalStateException("no lock waiter within 30 s");
    }
}
