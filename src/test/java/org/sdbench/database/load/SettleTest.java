package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;

/**
 * A settled database holds no dead row in its document tables: the reset alone leaves the run's
 * documents dead in the heap, and a bench round or an experiment run would measure them.
 */
class SettleTest {
    private static final String SCHEMA = "it_settle";

    @AfterAll
    static void drop() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @Test
    void before_afterRunDocuments_noDeadRowLeftWhereTheResetLeftSome() throws Exception {
        SdbenchConfig cfg = TestDb.config(SCHEMA, "run.users=2", "workload.listLength=3", "load.threads=2");
        try (Database db = TestDb.open(cfg)) {
            new SchemaInstaller(db).install(cfg.database().tablespaces(), true);
            new MasterDataLoader(MasterDataSpec.of(cfg, LocalDateTime.of(2025, 1, 1, 0, 0), "test"), 2, null).load(db);
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                s.execute("CREATE EXTENSION IF NOT EXISTS pgstattuple SCHEMA " + SCHEMA);
                TransactionalResetTest.writeRunDocuments(s);
                new TransactionalReset(db).reset();
                Map<String, Long> afterReset = deadRows(s);
                assertTrue(afterReset.values().stream().anyMatch(n -> n > 0), afterReset.toString());

                TransactionalResetTest.writeRunDocuments(s);
                Settle.before(db);
                Map<String, Long> settled = deadRows(s);
                settled.values().removeIf(n -> n == 0);
                assertEquals(Map.of(), settled);
            }
        }
    }

    /** Dead rows still in the heap of each document table (pgstattuple reads the pages). */
    private static Map<String, Long> deadRows(Statement s) throws SQLException {
        Map<String, Long> out = new TreeMap<>();
        for (String t : TransactionalReset.DOCUMENT_TABLES) {
            try (var rs = s.executeQuery(
                    "SELECT dead_tuple_count FROM " + SCHEMA + ".pgstattuple('" + SCHEMA + "." + t + "')")) {
                rs.next();
                out.put(t, rs.getLong(1));
            }
        }
        return out;
    }
}
