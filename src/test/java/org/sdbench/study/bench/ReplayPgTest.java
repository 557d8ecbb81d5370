package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.postgresql.PGConnection;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.DbSession;
import org.sdbench.database.Pipeline;
import org.sdbench.database.capture.StatementCapture;
import org.sdbench.database.load.TestDb;

/**
 * A capture of what pooled sessions sent, replayed through pgbench onto an emptied table, leaves
 * exactly the rows the sessions left, in either protocol: parameters (quotes, bytea, NULL,
 * numerics), batches, multi-statement requests, commits and rollbacks come through. In the
 * prepared protocol, every part prepares each statement it executes once, before the start,
 * with the parameter types pgjdbc gave its own server-side statement of the same text.
 */
class ReplayPgTest {
    private static final String SCHEMA = "it_replay";
    private static final Pattern EXECUTE = Pattern.compile("EXECUTE (s[0-9a-f]+)\\b");

    /** What the sessions sent, the rows they left, and pgjdbc's server-side statements: parameter types by text. */
    private record Recorded(StatementCapture capture, List<String> rows, Map<String, String> pgjdbcTypes) {}

    @ParameterizedTest
    @EnumSource(StatementCapture.Protocol.class)
    void replay_capturedSessions_pgbenchLeavesTheSameRows(StatementCapture.Protocol protocol, @TempDir Path dir)
            throws Exception {
        assumeTrue(pgbenchInstalled(), "pgbench is not installed");
        TestDb.drop(SCHEMA);
        try (Database db = TestDb.open(config())) {
            Recorded rec = record(db, dir, protocol);
            StatementCapture capture = rec.capture();
            assertEquals(5, rec.rows().size(), rec.rows().toString());
            assertEquals(2, capture.files().size());
            // a: INSERT, batch, two-statement pipeline, COMMIT (its failed INSERT is not replayed);
            // b: INSERT + ROLLBACK, two transactions of one write and a COMMIT each, and a read that
            // DbSession runs in autocommit (no COMMIT sent, none recorded).
            assertEquals(11, capture.roundTrips());
            assertEquals(12, capture.statements());
            assertEquals(4, capture.transactions());

            truncate(db);
            // Parts of two transactions at most: the chains of parts are what is tested.
            List<PgbenchScript.Chain> scripts = scripts(capture, dir, 2);
            assertTrue(scripts.stream().anyMatch(c -> c.scripts().size() > 1), scripts.toString());
            Pgbench.Result r = replay(db, scripts);
            assertTrue(r.complete(), r.failure());
            assertEquals(rec.rows(), rows(db));

            String all = Files.readString(capture.files().get(0))
                    + Files.readString(capture.files().get(1));
            assertEquals(1, all.split("ROLLBACK;", -1).length - 1, all);
            if (protocol == StatementCapture.Protocol.SIMPLE) {
                assertTrue(
                        all.contains("BEGIN \\; INSERT INTO t VALUES ('O''Brien'::varchar, 1099511627776::int8, "
                                + "12.50::numeric, '\\x0001fe'::bytea, NULL);"),
                        all);
                assertTrue(
                        all.contains("INSERT INTO t (k, n) VALUES ('b1'::varchar, 1::int8),('b2'::varchar, 2::int8);"),
                        all);
                assertTrue(
                        all.contains("\nINSERT INTO t (k) VALUES ('p1'::varchar) \\; UPDATE t SET note = "
                                + "'piped; in one'::varchar WHERE k = 'p1'::varchar;\n"),
                        all);
                assertTrue(capture.preparedStatements().isEmpty());
            } else {
                Map<String, String> names = namesByText(capture);
                assertTrue(
                        all.contains("BEGIN \\; EXECUTE " + names.get("INSERT INTO t VALUES ($1, $2, $3, $4, $5)")
                                + "('O''Brien', '1099511627776', '12.50', '\\x0001fe', NULL);"),
                        all);
                // The statements of one round trip stay in one pgbench command, on one line.
                assertTrue(
                        all.contains("\nEXECUTE " + names.get("INSERT INTO t (k) VALUES ($1)") + "('p1') \\; EXECUTE "
                                + names.get("UPDATE t SET note = $1 WHERE k = $2") + "('piped; in one', 'p1');\n"),
                        all);
                assertEquals(
                        "PREPARE " + names.get("INSERT INTO t VALUES ($1, $2, $3, $4, $5)")
                                + "(varchar, int8, numeric, bytea, unknown) AS INSERT INTO t VALUES ($1, $2, $3, $4, $5);",
                        capture.preparedStatements()
                                .get(names.get("INSERT INTO t VALUES ($1, $2, $3, $4, $5)"))
                                .prepare());
                assertTrue(
                        names.containsKey("INSERT INTO t (k, n) VALUES ($1, $2),($3, $4)"),
                        capture.preparedStatements().toString());
            }
        } finally {
            TestDb.drop(SCHEMA);
        }
    }

    @Test
    void replay_preparedProtocol_eachPartPreparesItsStatementsOnceWithPgjdbcsTypes(@TempDir Path dir) throws Exception {
        assumeTrue(pgbenchInstalled(), "pgbench is not installed");
        TestDb.drop(SCHEMA);
        try (Database db = TestDb.open(config())) {
            Recorded rec = record(db, dir, StatementCapture.Protocol.PREPARED);
            StatementCapture capture = rec.capture();
            // prepareThreshold=1: pgjdbc ran every statement of a prepared statement as a named one.
            assertEquals(0, capture.unnamedStatements());
            truncate(db);
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                s.execute("CREATE TABLE " + SCHEMA + ".probe (part text, name text, types text, executions bigint, "
                        + "custom_plans bigint)");
            }
            List<PgbenchScript.Chain> scripts = scripts(capture, dir, 2);
            // Each part reports, after its last statement, what its session has prepared and executed.
            Map<String, Map<String, Integer>> executed = new TreeMap<>();
            for (Path script :
                    scripts.stream().flatMap(c -> c.scripts().stream()).toList()) {
                String text = Files.readString(script);
                String part = script.getFileName().toString();
                Map<String, Integer> counts = new TreeMap<>();
                // The warm-up's EXPLAIN EXECUTEs count as executions in pg_prepared_statements, as they plan like them.
                Matcher m = EXECUTE.matcher(text);
                while (m.find()) {
                    counts.merge(m.group(1), 1, Integer::sum);
                }
                executed.put(part, counts);
                assertEquals(counts.size(), text.split("\nPREPARE ", -1).length - 1, text);
                // Prepared and planned before the start gate, all of them.
                assertTrue(
                        text.lastIndexOf("\nEXPLAIN EXECUTE ") < text.indexOf("pg_advisory_xact_lock_shared(4242, 0)"),
                        text);
                Files.writeString(
                        script,
                        text + "INSERT INTO " + SCHEMA + ".probe SELECT '" + part + "', name, "
                                + "parameter_types::text, generic_plans + custom_plans, custom_plans FROM pg_prepared_statements;\n");
            }
            Pgbench.Result r = replay(db, scripts);
            assertTrue(r.complete(), r.failure());
            assertEquals(rec.rows(), rows(db));

            Map<String, Map<String, Integer>> prepared = new TreeMap<>();
            Map<String, String> replayTypes = new HashMap<>();
            try (Connection c = db.connect();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(
                            "SELECT part, name, types, executions, custom_plans FROM " + SCHEMA + ".probe")) {
                while (rs.next()) {
                    // Planned in the warm-up (five custom plans, then the generic one): the timed executions plan
                    // nothing.
                    assertTrue(
                            rs.getInt(5) <= StatementCapture.WARM_UP_PLANS - 1, rs.getString(2) + " " + rs.getInt(5));
                    prepared.computeIfAbsent(rs.getString(1), k -> new TreeMap<>())
                            .put(rs.getString(2), rs.getInt(4));
                    replayTypes.put(rs.getString(2), rs.getString(3));
                }
            }
            // Parts that execute nothing prepared (a lone COMMIT) report nothing.
            executed.values().removeIf(Map::isEmpty);
            assertEquals(executed, prepared);
            Map<String, String> names = namesByText(capture);
            assertFalse(rec.pgjdbcTypes().isEmpty());
            // Beside the statements of the sessions, pgjdbc names its COMMIT and ROLLBACK (PREPARE cannot
            // take them: the replay sends them as text), HikariCP's SHOW, and the query that read these.
            rec.pgjdbcTypes()
                    .keySet()
                    .removeIf(text -> text.equals("COMMIT")
                            || text.equals("ROLLBACK")
                            || text.startsWith("SHOW ")
                            || text.contains("pg_prepared_statements"));
            assertEquals(rec.pgjdbcTypes().keySet(), names.keySet());
            for (var e : rec.pgjdbcTypes().entrySet()) {
                assertEquals(e.getValue(), replayTypes.get(names.get(e.getKey())), e.getKey());
            }
        } finally {
            TestDb.drop(SCHEMA);
        }
    }

    @ParameterizedTest
    @EnumSource(StatementCapture.Protocol.class)
    void replay_updateClientAheadOfTheSave_waitsForItsCommit(StatementCapture.Protocol protocol, @TempDir Path dir)
            throws Exception {
        assumeTrue(pgbenchInstalled(), "pgbench is not installed");
        TestDb.drop(SCHEMA);
        try (Database db = TestDb.open(config())) {
            StatementCapture capture = new StatementCapture(dir.resolve("capture"), protocol);
            HikariDataSource pool = updateSchema(db, capture, 2, "done (vbkey varchar(32))");
            try (DbSession dialog = new DbSession(pool.getConnection(), db.dialect(), Clock.SYSTEM);
                    DbSession update = new DbSession(pool.getConnection(), db.dialect(), Clock.SYSTEM)) {
                // The dialog client works before its save; replayed unordered, the update client is long done by then.
                dialog.query("SELECT pg_sleep(0.5)", rs -> 0);
                dialog.update("INSERT INTO vbhdr (vbkey, vbstate) SELECT ?, 'P'", "K-1");
                dialog.marks().savesUpdate("K-1");
                dialog.commit();
                for (int pass = 1; pass <= 2; pass++) {
                    update.marks().updateBegins("K-1");
                    List<String> state = update.query(
                            "SELECT vbstate FROM vbhdr WHERE vbkey = ? FOR UPDATE", rs -> rs.getString(1), "K-1");
                    assertEquals(List.of("P"), state);
                    update.update("INSERT INTO done SELECT vbkey FROM vbhdr WHERE vbkey = ?", "K-1");
                    update.commit();
                }
                update.update("DELETE FROM vbhdr WHERE vbkey = ?", "K-1");
                update.commit();
            }
            pool.close();
            capture.close();
            List<String> clients = new ArrayList<>();
            for (Path f : capture.files()) {
                clients.add(Files.readString(f));
            }
            assertEquals(2, clients.size());
            assertEquals(
                    1,
                    clients.stream()
                            .filter(t -> t.startsWith("SELECT pg_advisory_xact_lock_shared("))
                            .count(),
                    clients.toString());

            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                s.execute("TRUNCATE " + SCHEMA + ".vbhdr, " + SCHEMA + ".done");
            }
            List<PgbenchScript.Chain> scripts = scripts(capture, dir, 1);
            // The save's part takes the request's lock before the gate and lets it go after its COMMIT;
            // the update client waits for it once, before its first pass (its second comes after on the
            // same connection), and the end of the V1, which nobody here waits for, releases nothing.
            assertEquals(
                    1 + 1,
                    scripts.stream().mapToLong(PgbenchScript.Chain::orderings).sum(),
                    scripts.toString());
            Pgbench.Result r = replay(db, scripts);
            assertTrue(r.complete(), r.failure());
            try (Connection c = db.connect();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT (SELECT count(*) FROM " + SCHEMA
                            + ".vbhdr), (SELECT count(*) " + "FROM " + SCHEMA + ".done)")) {
                rs.next();
                assertEquals(0, rs.getInt(1), "the update client deleted the request, after its save");
                assertEquals(2, rs.getInt(2), "both passes found the request");
            }
        } finally {
            TestDb.drop(SCHEMA);
        }
    }

    @ParameterizedTest
    @EnumSource(StatementCapture.Protocol.class)
    void replay_userStepOnAnotherConnection_waitsForTheUpdatesWhoseDocumentsItReads(
            StatementCapture.Protocol protocol, @TempDir Path dir) throws Exception {
        assumeTrue(pgbenchInstalled(), "pgbench is not installed");
        TestDb.drop(SCHEMA);
        try (Database db = TestDb.open(config())) {
            StatementCapture capture = new StatementCapture(dir.resolve("capture"), protocol);
            HikariDataSource pool =
                    updateSchema(db, capture, 3, "doc (k varchar(32))", "seen (what varchar(8), n int)");
            try (DbSession first = new DbSession(pool.getConnection(), db.dialect(), Clock.SYSTEM);
                    DbSession next = new DbSession(pool.getConnection(), db.dialect(), Clock.SYSTEM);
                    DbSession update = new DbSession(pool.getConnection(), db.dialect(), Clock.SYSTEM)) {
                // Step 1 of user 7 saves a request, whose V1 later writes its document.
                first.marks().stepBegins(7);
                first.update("INSERT INTO vbhdr (vbkey, vbstate) SELECT ?, 'P'", "K-7");
                first.marks().savesUpdate("K-7");
                first.commit();
                v1(update, "K-7");
                // Step 2 began after that V1 had committed: it reads its document, and saves another request.
                next.marks().stepBegins(7);
                next.update("INSERT INTO seen SELECT 'step 2', count(*) FROM doc WHERE k = ?", "K-7");
                next.update("INSERT INTO vbhdr (vbkey, vbstate) SELECT ?, 'P'", "K-8");
                next.marks().savesUpdate("K-8");
                next.commit();
                // Step 3 began before the second V1 committed and waited for it, then read its document.
                next.marks().stepBegins(7);
                v1(update, "K-8");
                next.marks().readsUpdate("K-8");
                next.update("INSERT INTO seen SELECT 'step 3', count(*) FROM doc WHERE k = ?", "K-8");
                next.commit();
            }
            pool.close();
            capture.close();
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                s.execute("TRUNCATE " + SCHEMA + ".vbhdr, " + SCHEMA + ".doc, " + SCHEMA + ".seen");
            }
            List<PgbenchScript.Chain> scripts = scripts(capture, dir, 1);
            // Each request: its save released and awaited by the update client, its V1 released and awaited by step 2
            // or 3.
            assertEquals(
                    2 * (2 + 2),
                    scripts.stream().mapToLong(PgbenchScript.Chain::orderings).sum(),
                    scripts.toString());
            assertEquals(
                    0,
                    scripts.stream().mapToLong(PgbenchScript.Chain::orderTrips).sum(),
                    scripts.toString());
            Pgbench.Result r = replay(db, scripts);
            assertTrue(r.complete(), r.failure());
            try (Connection c = db.connect();
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("SELECT what, n FROM " + SCHEMA + ".seen ORDER BY what")) {
                List<String> seen = new ArrayList<>();
                while (rs.next()) {
                    seen.add(rs.getString(1) + "=" + rs.getInt(2));
                }
                assertEquals(List.of("step 2=1", "step 3=1"), seen, "each step found the document it read in the run");
            }
        } finally {
            TestDb.drop(SCHEMA);
        }
    }

    /** The test schema with VBHDR and {@code tables}, and a pool of {@code size} recorded by {@code capture}. */
    private static HikariDataSource updateSchema(Database db, StatementCapture capture, int size, String... tables)
            throws SQLException {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + SCHEMA);
            s.execute("CREATE TABLE " + SCHEMA + ".vbhdr (vbkey varchar(32) PRIMARY KEY, vbstate char(1))");
            for (String t : tables) {
                s.execute("CREATE TABLE " + SCHEMA + "." + t);
            }
        }
        db.captureStatements(capture);
        HikariDataSource pool = db.pool("replay-order-test", size);
        db.captureStatements(null);
        return pool;
    }

    /** An update client's V1 of {@code vbkey}: it works a while, then writes the request's document. */
    private static void v1(DbSession update, String vbkey) throws SQLException {
        update.marks().updateBegins(vbkey);
        update.query("SELECT vbstate FROM vbhdr WHERE vbkey = ? FOR UPDATE", rs -> 0, vbkey);
        update.query("SELECT pg_sleep(0.5)", rs -> 0);
        update.update("INSERT INTO doc (k) SELECT vbkey FROM vbhdr WHERE vbkey = ?", vbkey);
        update.commit();
    }

    @Test
    void run_orderHoldsMoreLocksThanTheServerHasRoomFor_refusedBeforeAnyPgbenchStarts() throws Exception {
        try (Database db = TestDb.open(config());
                Connection gate = db.connect()) {
            long room = Pgbench.lockRoom(gate);
            assertTrue(room >= 64, "max_locks_per_transaction x connections: " + room);
            var chain = new PgbenchScript.Chain(0, List.of(), 0, 0, room + 1, 0, room + 1);
            var target = new PgbenchTarget("127.0.0.1", 5432, "u", "d", SCHEMA, null);
            EnvironmentException e = assertThrows(
                    EnvironmentException.class,
                    () -> Pgbench.run(target, List.of(chain), gate, 4242, Duration.ofSeconds(5)));
            assertTrue(e.getMessage().contains("holds " + (room + 1) + " advisory locks"), e.getMessage());
            assertTrue(e.getMessage().contains("max_locks_per_transaction"), e.getMessage());
        }
    }

    /** The test server, with pgjdbc preparing on the server at a statement's first execution. */
    private static SdbenchConfig config() {
        String url = TestDb.url();
        return TestDb.config(SCHEMA, "database.url=" + url + (url.contains("?") ? "&" : "?") + "prepareThreshold=1");
    }

    /** Runs the sessions of the test with {@code protocol}'s capture on their pool. */
    private static Recorded record(Database db, Path dir, StatementCapture.Protocol protocol) throws Exception {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + SCHEMA);
            s.execute("CREATE TABLE " + SCHEMA + ".t (k varchar(20) PRIMARY KEY, n bigint, d numeric(9,2), "
                    + "b bytea, note text)");
        }
        StatementCapture capture = new StatementCapture(dir.resolve("capture"), protocol);
        db.captureStatements(capture);
        HikariDataSource pool = db.pool("replay-test", 2);
        db.captureStatements(null);
        Map<String, String> pgjdbc = new HashMap<>();
        Connection ca = pool.getConnection();
        Connection cb = pool.getConnection();
        try (DbSession a = new DbSession(ca, db.dialect(), Clock.SYSTEM);
                DbSession b = new DbSession(cb, db.dialect(), Clock.SYSTEM)) {
            a.update(
                    "INSERT INTO t VALUES (?, ?, ?, ?, ?)",
                    "O'Brien",
                    1L << 40,
                    new BigDecimal("12.50"),
                    new byte[] {0, 1, (byte) 0xfe},
                    null);
            a.batch("INSERT INTO t (k, n) VALUES (?, ?)", List.of(new Object[] {"b1", 1L}, new Object[] {"b2", 2L}));
            Pipeline p = new Pipeline(db.dialect());
            p.update("INSERT INTO t (k) VALUES (?)", "p1");
            p.update("UPDATE t SET note = ? WHERE k = ?", "piped; in one", "p1");
            a.run(p);
            a.commit();
            b.update("INSERT INTO t (k, note) VALUES (?, ?)", "rolled-back", "never");
            b.rollbackQuietly();
            try {
                a.update("INSERT INTO t (k) VALUES (?)", "b1");
            } catch (SQLException duplicate) {
                a.rollbackQuietly();
            }
            b.update("INSERT INTO t (k, d) VALUES (?, ?)", "c2", new BigDecimal("-3"));
            b.commit();
            // In a later part of b's chain than the insert: replayed before it, it would change nothing.
            b.update("UPDATE t SET note = ? WHERE k = ?", "it's ? here", "c2");
            b.commit();
            assertEquals(
                    1,
                    b.query("SELECT count(*) FROM t WHERE note IS NOT NULL AND k = ?", rs -> rs.getInt(1), "c2")
                            .get(0));
            b.commit();
            // Read past the capture, on pgjdbc's own connections: their named statements.
            for (Connection c : List.of(ca, cb)) {
                try (Statement s = ((Connection) c.unwrap(PGConnection.class)).createStatement();
                        ResultSet rs =
                                s.executeQuery("SELECT statement, parameter_types::text FROM pg_prepared_statements")) {
                    while (rs.next()) {
                        pgjdbc.put(rs.getString(1).strip(), rs.getString(2));
                    }
                }
            }
        }
        pool.close();
        capture.close();
        return new Recorded(capture, rows(db), pgjdbc);
    }

    /** Prepared statement name by its text, from the capture's PREPARE commands. */
    private static Map<String, String> namesByText(StatementCapture capture) {
        Map<String, String> out = new HashMap<>();
        for (var e : capture.preparedStatements().entrySet()) {
            String prepare = e.getValue().prepare();
            out.put(prepare.substring(prepare.indexOf(" AS ") + 4, prepare.length() - 1), e.getKey());
        }
        return out;
    }

    /** The replay's scripts of {@code capture}, each part cut at the first transaction end after {@code lines} lines. */
    private static List<PgbenchScript.Chain> scripts(StatementCapture capture, Path dir, int lines) {
        return PgbenchScript.write(
                capture.files(),
                capture.preparedStatements(),
                dir,
                4242,
                "test",
                new PgbenchScript.Bounds(lines, 1 << 20),
                20);
    }

    private static Pgbench.Result replay(Database db, List<PgbenchScript.Chain> scripts) throws Exception {
        var ep = db.endpoint();
        var target = new PgbenchTarget(
                ep.getHostString(),
                ep.getPort(),
                db.config().user(),
                name(db),
                SCHEMA,
                db.childEnvironment().get(Database.CHILD_PASSWORD_ENV));
        try (Connection gate = db.connect()) {
            return Pgbench.run(target, scripts, gate, 4242, Duration.ofMinutes(1));
        }
    }

    private static void truncate(Database db) throws SQLException {
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("TRUNCATE " + SCHEMA + ".t");
        }
    }

    private static List<String> rows(Database db) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery("SELECT k, n, d, encode(b, 'hex'), note FROM " + SCHEMA + ".t ORDER BY k")) {
            while (rs.next()) {
                out.add(rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getString(3) + "|" + rs.getString(4) + "|"
                        + rs.getString(5));
            }
        }
        return out;
    }

    private static String name(Database db) throws SQLException {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_database()")) {
            rs.next();
            return rs.getString(1);
        }
    }

    static boolean pgbenchInstalled() {
        try {
            return new ProcessBuilder("pgbench", "--version")
                            .redirectErrorStream(true)
                            .start()
                            .waitFor()
                    == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
