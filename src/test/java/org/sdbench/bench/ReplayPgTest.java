package org.sdbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.zaxxer.hikari.HikariDataSource;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sdbench.db.Database;
import org.sdbench.db.DbSession;
import org.sdbench.db.Pipeline;
import org.sdbench.db.StatementCapture;
import org.sdbench.load.TestDb;
import org.sdbench.metrics.Clock;

/**
 * A capture of what pooled sessions sent, replayed through pgbench onto an emptied table, leaves
 * exactly the rows the sessions left: parameters (quotes, bytea, NULL, numerics), batches,
 * commits and rollbacks come through.
 */
class ReplayPgTest {
    private static final String SCHEMA = "it_replay";

    @Test
    void replay_capturedSessions_pgbenchLeavesTheSameRows(@TempDir Path dir) throws Exception {
        assumeTrue(pgbenchInstalled(), "pgbench is not installed");
        TestDb.drop(SCHEMA);
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE SCHEMA " + SCHEMA);
                s.execute("CREATE TABLE " + SCHEMA + ".t (k varchar(20) PRIMARY KEY, n bigint, d numeric(9,2), "
                        + "b bytea, note text)");
            }
            StatementCapture capture = new StatementCapture(dir.resolve("capture"));
            db.captureStatements(capture);
            HikariDataSource pool = db.pool("replay-test", 2);
            db.captureStatements(null);
            try (DbSession a = new DbSession(pool.getConnection(), db.dialect(), Clock.SYSTEM);
                 DbSession b = new DbSession(pool.getConnection(), db.dialect(), Clock.SYSTEM)) {
                a.update("INSERT INTO t VALUES (?, ?, ?, ?, ?)", "O'Brien", 1L << 40, new BigDecimal("12.50"),
                        new byte[] {0, 1, (byte) 0xfe}, null);
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
                assertEquals(1, b.query("SELECT count(*) FROM t WHERE note IS NOT NULL AND k = ?", rs -> rs.getInt(1), "c2")
                        .get(0));
                b.commit();
            }
            pool.close();
            capture.close();
            List<String> expected = rows(db);
            assertEquals(5, expected.size(), expected.toString());
            assertEquals(2, capture.files().size());
            // a: INSERT, batch, two-statement pipeline, COMMIT (its failed INSERT is not replayed);
            // b: INSERT + ROLLBACK, two transactions of one write and a COMMIT each, and a read that
            // DbSession runs in autocommit (no COMMIT sent, none recorded).
            assertEquals(11, capture.roundTrips());
            assertEquals(12, capture.statements());
            assertEquals(4, capture.transactions());

            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                s.execute("TRUNCATE " + SCHEMA + ".t");
            }
            // Parts of two transactions at most: the chains of parts are what is tested.
            List<PgbenchScript.Chain> scripts = PgbenchScript.write(capture.files(), dir, 4242, "test", 2, 1 << 20);
            assertTrue(scripts.stream().anyMatch(c -> c.scripts().size() > 1), scripts.toString());
            var ep = db.endpoint();
            var target = new PgbenchTarget(ep.getHostString(), ep.getPort(), db.config().user(), name(db), SCHEMA,
                    db.childEnvironment().get(Database.CHILD_PASSWORD_ENV));
            Pgbench.Result r;
            try (Connection gate = db.connect()) {
                r = Pgbench.run(target, scripts, gate, 4242, Duration.ofMinutes(1));
            }
            assertTrue(r.complete(), r.failure());
            assertEquals(expected, rows(db));
            String all = Files.readString(capture.files().get(0)) + Files.readString(capture.files().get(1));
            assertTrue(all.contains("BEGIN \\; INSERT INTO t VALUES ('O''Brien'::varchar"), all);
            assertTrue(all.contains("INSERT INTO t (k, n) VALUES ('b1'::varchar, 1::int8), ('b2'::varchar, 2::int8);"), all);
            assertEquals(1, all.split("ROLLBACK;", -1).length - 1, all);
            assertTrue(all.contains("INSERT INTO t (k) VALUES ('p1'::varchar) \\;\nUPDATE t SET note = 'piped; in one'"), all);
        } finally {
            TestDb.drop(SCHEMA);
        }
    }

    private static List<String> rows(Database db) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT k, n, d, encode(b, 'hex'), note FROM " + SCHEMA + ".t ORDER BY k")) {
            while (rs.next()) {
                out.add(rs.getString(1) + "|" + rs.getString(2) + "|" + rs.getString(3) + "|" + rs.getString(4) + "|"
                        + rs.getString(5));
            }
        }
        return out;
    }

    private static String name(Database db) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT current_database()")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static boolean pgbenchInstalled() {
        try {
            return new ProcessBuilder("pgbench", "--version").redirectErrorStream(true).start().waitFor() == 0;
        } catch (java.io.IOException | InterruptedException e) {
            return false;
        }
    }
}
