package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.core.Clock;
import org.sdbench.database.load.TestDb;

/**
 * Reads outside a transaction until the first write: the server's own view (pg_stat_activity,
 * row locks, visibility from another connection) shows when a session is inside a transaction.
 */
class DbSessionTransactionTest {
    private static final String SCHEMA = "it_session_tx";
    private static Database db;

    @BeforeAll
    static void open() throws SQLException {
        db = TestDb.open(TestDb.config(SCHEMA));
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
            s.execute("CREATE TABLE IF NOT EXISTS " + SCHEMA + ".st (k int PRIMARY KEY, v int NOT NULL)");
            s.execute("INSERT INTO " + SCHEMA + ".st VALUES (1, 0) ON CONFLICT (k) DO NOTHING");
        }
    }

    @AfterAll
    static void drop() throws SQLException {
        db.close();
        TestDb.drop(SCHEMA);
    }

    @Test
    void commit_afterReadsOnly_noTransactionOpenAndNothingSent() throws SQLException {
        try (DbSession s = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM);
                Connection other = db.connect()) {
            int pid = s.queryOne("SELECT pg_backend_pid()", rs -> rs.getInt(1));
            s.resetCounters();
            Integer v = s.queryOne("SELECT v FROM st WHERE k = ?", rs -> rs.getInt(1), 1);
            assertEquals(value(other), v);
            assertEquals("idle", state(other, pid), "a read leaves no transaction open");
            s.commit();
            assertEquals(1, s.calls(), "the read only: no COMMIT went to the server");
        }
    }

    @Test
    void update_opensTransactionUntilCommit_thenReadsAreOutsideAgain() throws SQLException {
        try (DbSession s = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM);
                Connection other = db.connect()) {
            int pid = s.queryOne("SELECT pg_backend_pid()", rs -> rs.getInt(1));
            s.query("SELECT v FROM st WHERE k = ?", rs -> rs.getInt(1), 1);
            s.resetCounters();
            s.update("UPDATE st SET v = v + 1 WHERE k = ?", 1);
            int before = value(other);
            assertEquals("idle in transaction", state(other, pid));
            s.commit();
            assertEquals(2, s.calls(), "the update and its COMMIT");
            assertEquals(before + 1, value(other), "committed");
            s.query("SELECT v FROM st WHERE k = ?", rs -> rs.getInt(1), 1);
            assertEquals("idle", state(other, pid));
        }
    }

    @Test
    void close_pooledSessionInsideATransaction_rolledBackAndReturnedAsThePoolSetsIt() throws SQLException {
        // The session's statements bypass HikariCP's proxies, so the pool never saw this transaction.
        try (var pool = db.pool("it-session-close", 1);
                Connection other = db.connect()) {
            int before = value(other);
            DbSession s = new DbSession(pool.getConnection(), db.dialect(), Clock.SYSTEM);
            int pid = s.queryOne("SELECT pg_backend_pid()", rs -> rs.getInt(1));
            s.update("UPDATE st SET v = v + 1000 WHERE k = ?", 1);
            assertEquals("idle in transaction", state(other, pid));

            s.close();

            assertEquals(before, value(other), "rolled back");
            assertEquals("idle", state(other, pid), "no transaction left open on the pooled connection");
            try (Connection again = pool.getConnection()) {
                assertFalse(again.getAutoCommit(), "the pool's autocommit setting");
            }
        }
    }

    @Test
    void rollbackQuietly_afterUpdate_undoesIt() throws SQLException {
        try (DbSession s = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM);
                Connection other = db.connect()) {
            int before = value(other);
            s.update("UPDATE st SET v = v + 100 WHERE k = ?", 1);
            s.rollbackQuietly();
            assertEquals(before, value(other));
            s.query("SELECT v FROM st WHERE k = ?", rs -> rs.getInt(1), 1);
            s.commit();
            assertEquals(before, value(other));
        }
    }

    @Test
    void query_forUpdate_holdsItsRowLockUntilCommit() throws SQLException {
        try (DbSession s = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM);
                Connection other = db.connect()) {
            s.queryOne("SELECT v FROM st WHERE k = ? FOR UPDATE", rs -> rs.getInt(1), 1);
            SQLException locked = assertThrows(SQLException.class, () -> lockNoWait(other));
            assertEquals("55P03", locked.getSQLState(), locked.getMessage());
            s.commit();
            lockNoWait(other);
        }
    }

    @Test
    void transactionConnection_beforeAnyWrite_autocommitOffUntilCommit() throws SQLException {
        try (DbSession s = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM)) {
            assertFalse(s.transactionConnection().getAutoCommit());
            s.commit();
            assertEquals(true, s.connection().getAutoCommit());
        }
    }

    @Test
    void query_repeatableReadSession_staysInsideTheTransaction() throws SQLException {
        Connection c = db.connect();
        c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        try (DbSession s = new DbSession(c, db.dialect(), Clock.SYSTEM);
                Connection other = db.connect()) {
            int pid = s.queryOne("SELECT pg_backend_pid()", rs -> rs.getInt(1));
            assertEquals("idle in transaction", state(other, pid), "one snapshot for all reads, as before");
            s.commit();
            assertEquals("idle", state(other, pid));
        }
    }

    @Test
    void batch_oneRowThenThree_eachOneStatementInTheTransactionAndAllCommitted() throws SQLException {
        String insert = "INSERT INTO st (k, v) VALUES (?, ?)";
        try (DbSession s = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM);
                Connection other = db.connect();
                Statement clean = other.createStatement()) {
            clean.execute("DELETE FROM " + SCHEMA + ".st WHERE k >= 100");
            int pid = s.queryOne("SELECT pg_backend_pid()", rs -> rs.getInt(1));
            s.resetCounters();

            assertArrayEquals(new int[] {1}, s.batch(insert, List.<Object[]>of(new Object[] {100, 1})));
            assertEquals(
                    "idle in transaction", state(other, pid), "a single row opens the transaction as a batch does");
            int[] three = s.batch(insert, List.of(new Object[] {101, 1}, new Object[] {102, 1}, new Object[] {103, 1}));
            assertEquals(3, three.length);
            s.commit();

            assertEquals(3, s.calls(), "each batch once, and the COMMIT");
            try (var rs = clean.executeQuery("SELECT count(*) FROM " + SCHEMA + ".st WHERE k >= 100")) {
                rs.next();
                assertEquals(4, rs.getInt(1));
            }
            clean.execute("DELETE FROM " + SCHEMA + ".st WHERE k >= 100");
        }
    }

    @Test
    void roundTrips_pipelineQueryAndCommit_oneEachWhateverTheStatements() throws SQLException {
        RoundTripCounter roundTrips = new RoundTripCounter();
        try (DbSession s = new DbSession(db.connect(), db.dialect(), Clock.SYSTEM, roundTrips);
                Connection other = db.connect();
                Statement clean = other.createStatement()) {
            clean.execute("DELETE FROM " + SCHEMA + ".st WHERE k >= 200");
            s.resetCounters();
            long before = roundTrips.sent();

            Pipeline p = new Pipeline(db.dialect());
            p.update("INSERT INTO st (k, v) VALUES (?, ?)", 200, 1);
            p.update("INSERT INTO st (k, v) VALUES (?, ?)", 201, 1);
            p.update("UPDATE st SET v = v + 1 WHERE k = ?", 200);
            s.run(p);
            s.queryOne("SELECT v FROM st WHERE k = ?", rs -> rs.getInt(1), 200);
            s.commit();

            assertEquals(5, s.calls(), "three statements, the query and the COMMIT");
            assertEquals(3, roundTrips.sent() - before, "the pipeline, the query and the COMMIT");
            clean.execute("DELETE FROM " + SCHEMA + ".st WHERE k >= 200");
        }
    }

    private static String state(Connection other, int pid) throws SQLException {
        try (var ps = other.prepareStatement("SELECT state FROM pg_stat_activity WHERE pid = ?")) {
            ps.setInt(1, pid);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    private static int value(Connection other) throws SQLException {
        try (Statement st = other.createStatement();
                var rs = st.executeQuery("SELECT v FROM " + SCHEMA + ".st WHERE k = 1")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static void lockNoWait(Connection other) throws SQLException {
        other.setAutoCommit(false);
        try (Statement st = other.createStatement()) {
            st.executeQuery("SELECT v FROM " + SCHEMA + ".st WHERE k = 1 FOR UPDATE NOWAIT")
                    .close();
        } finally {
            other.rollback();
            other.setAutoCommit(true);
        }
    }
}
