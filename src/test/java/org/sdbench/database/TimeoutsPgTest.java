package org.sdbench.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;
import org.sdbench.database.load.TestDb;

/** The run's sessions carry the configured server-side bounds, and hitting one is recognised as a timeout. */
class TimeoutsPgTest {
    @Test
    void pool_configuredTimeouts_sessionsCarryThemAndAStatementPastOneIsATimeout() throws Exception {
        var cfg = TestDb.config(
                "it_timeouts",
                "database.timeouts.statement=300ms",
                "database.timeouts.lock=200ms",
                "database.timeouts.idleInTransaction=7s");
        try (Database db = TestDb.open(cfg);
                Connection c = db.pool("timeouts", 1).getConnection();
                Statement s = c.createStatement()) {
            assertEquals("300ms", show(s, "statement_timeout"));
            assertEquals("200ms", show(s, "lock_timeout"));
            assertEquals("7s", show(s, "idle_in_transaction_session_timeout"));
            SQLException e = assertThrows(SQLException.class, () -> s.execute("SELECT pg_sleep(5)"));
            String what = db.dialect().timeoutOf(e);
            assertTrue(what != null && what.contains("database.timeouts.statement"), e.getSQLState() + " -> " + what);
            c.rollback();
            assertNull(db.dialect().timeoutOf(new SQLException("other", "23505")));
        }
    }

    @Test
    void config_socketNotAboveStatement_rejectedNamingBoth() {
        ConfigException e = assertThrows(
                ConfigException.class,
                () -> TestDb.config("it_timeouts", "database.timeouts.socket=2m", "database.timeouts.statement=2m"));
        assertTrue(
                e.getMessage().contains("database.timeouts.socket")
                        && e.getMessage().contains("database.timeouts.statement"),
                e.getMessage());
    }

    private static String show(Statement s, String setting) throws SQLException {
        try (var rs = s.executeQuery("SHOW " + setting)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
