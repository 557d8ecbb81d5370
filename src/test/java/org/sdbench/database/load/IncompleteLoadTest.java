package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * A load stopped by a stall leaves its schema marked incomplete: run and check refuse it in one
 * line saying so, and load does what the stall's message said: it finishes a load stopped in ANALYZE
 * without reloading, and asks for --recreate when the data is partial.
 */
class IncompleteLoadTest {
    private static final String SCHEMA = "t_incomplete_load";

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    /** Loads 2 users while another session holds {@code lock} on {@code table}; returns the stall's message. */
    private static String stalledLoad(String table, String lock) throws Exception {
        SdbenchConfig cfg = TestDb.config(SCHEMA, "run.users=2", "load.threads=2", "database.timeouts.lock=2s");
        MasterDataSpec spec = MasterDataSpec.of(cfg, LocalDateTime.of(2025, 1, 1, 0, 0), "test");
        try (Database db = TestDb.open(cfg)) {
            new SchemaInstaller(db).install(cfg.database().tablespaces(), true);
            try (Connection holder = db.connect();
                    Statement s = holder.createStatement()) {
                holder.setAutoCommit(false);
                s.execute("LOCK TABLE " + table + " IN " + lock + " MODE");
                var e = assertTimeoutPreemptively(
                        Duration.ofSeconds(60),
                        () -> assertThrows(
                                EnvironmentException.class, () -> new MasterDataLoader(spec, 2, null).load(db)));
                holder.rollback();
                return e.getMessage();
            }
        }
    }

    private static TestDb.Run sdbench(String... args) {
        String[] all = new String[args.length + 4];
        System.arraycopy(args, 0, all, 0, args.length);
        System.arraycopy(
                new String[] {"--db-url", TestDb.url(), "--set", "database.schema=" + SCHEMA}, 0, all, args.length, 4);
        return TestDb.sdbench(all);
    }

    private static void refusedAsIncomplete(TestDb.Run r, String stopped, String remedy) {
        assertEquals(3, r.exit(), r.out() + r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.contains("holds an incomplete load: it stopped " + stopped), err);
        assertTrue(err.contains(remedy), err);
    }

    @Test
    void loadStalledInAnalyze_runAndCheckRefuse_loadFinishesIt() throws Exception {
        String stall = stalledLoad("vbap", "SHARE UPDATE EXCLUSIVE");
        assertTrue(stall.startsWith("load stalled: ANALYZE vbap"), stall);
        assertTrue(stall.endsWith("then run the same load again (it updates the statistics only)"), stall);

        refusedAsIncomplete(sdbench("check"), "while updating the optimizer statistics", "run './sdbench load'");
        refusedAsIncomplete(
                sdbench("run", "--no-load", "--users", "2", "--duration", "1s"),
                "while updating the optimizer statistics",
                "run './sdbench load' to finish it");

        TestDb.Run load = sdbench("load", "--users", "2", "--set", "load.threads=2");
        assertEquals(0, load.exit(), load.out() + load.err());
        assertTrue(load.out().contains("finished the load: ANALYZE"), load.out());
        TestDb.Run check = sdbench("check");
        assertEquals(0, check.exit(), check.out() + check.err());
    }

    @Test
    void loadStalledInData_runAndCheckRefuse_loadAsksForRecreate() throws Exception {
        String stall = stalledLoad("vbap", "ACCESS EXCLUSIVE");
        assertTrue(stall.startsWith("load stalled: loading vbap"), stall);
        assertTrue(stall.endsWith("then load again with --recreate (the schema holds part of the data)"), stall);

        refusedAsIncomplete(sdbench("check"), "while writing the data", "--users 2 --recreate");
        refusedAsIncomplete(
                sdbench("run", "--no-load", "--users", "2", "--duration", "1s"),
                "while writing the data",
                "--recreate");
        refusedAsIncomplete(sdbench("load", "--users", "2"), "while writing the data", "add --recreate");

        TestDb.Run load = sdbench("load", "--users", "2", "--recreate", "--set", "load.threads=2");
        assertEquals(0, load.exit(), load.out() + load.err());
        TestDb.Run check = sdbench("check");
        assertEquals(0, check.exit(), check.out() + check.err());
    }
}
