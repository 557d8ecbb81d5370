package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;

/**
 * A second session holding a lock a load statement needs: the load ends within database.timeouts.lock
 * (far below the socket timeout), naming the statement and the session holding the lock.
 */
class LoadStallTest {
    private static final String SCHEMA = "t_load_stall";

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void load_analyzeBlockedByOtherSession_namedWithinLockTimeout() throws Exception {
        SdbenchConfig cfg = TestDb.config(SCHEMA, "run.users=2", "load.threads=2", "database.timeouts.lock=2s");
        MasterDataSpec spec = MasterDataSpec.of(cfg, LocalDateTime.of(2025, 1, 1, 0, 0), "test");
        try (Database db = TestDb.open(cfg)) {
            new SchemaInstaller(db).install(cfg.database().tablespaces(), true);
            try (Connection holder = db.connect();
                    Statement s = holder.createStatement()) {
                s.execute("SET application_name = 'lock-holder'");
                holder.setAutoCommit(false);
                // Lets COPY in (ROW EXCLUSIVE) but not ANALYZE (SHARE UPDATE EXCLUSIVE).
                s.execute("LOCK TABLE vbap IN SHARE UPDATE EXCLUSIVE MODE");
                var e = assertTimeoutPreemptively(
                        Duration.ofSeconds(60),
                        () -> assertThrows(
                                EnvironmentException.class, () -> new MasterDataLoader(spec, 2, null).load(db)));
                String m = e.getMessage();
                assertTrue(m.startsWith("load stalled: ANALYZE vbap waited 2 s for a lock on vbap"), m);
                assertTrue(m.contains("'lock-holder'") && m.contains("ShareUpdateExclusiveLock"), m);
                holder.rollback();
            }
        }
    }

    @Test
    void install_dropBlockedByOtherSession_namedWithinLockTimeout() throws Exception {
        SdbenchConfig cfg = TestDb.config(SCHEMA, "database.timeouts.lock=2s");
        try (Database db = TestDb.open(cfg)) {
            new SchemaInstaller(db).install(cfg.database().tablespaces(), true);
            try (Connection holder = db.connect();
                    Statement s = holder.createStatement()) {
                holder.setAutoCommit(false);
                s.execute("LOCK TABLE vbap IN ACCESS SHARE MODE");
                var e = assertTimeoutPreemptively(
                        Duration.ofSeconds(60),
                        () -> assertThrows(
                                EnvironmentException.class,
                                () -> new SchemaInstaller(db)
                                        .install(cfg.database().tablespaces(), true)));
                assertTrue(e.getMessage().contains("longer than database.timeouts.lock"), e.getMessage());
                holder.rollback();
            }
        }
    }
}
