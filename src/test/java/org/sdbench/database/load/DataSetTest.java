package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;

class DataSetTest {
    private static final String SCHEMA = "t_dataset_layout";

    @AfterAll
    static void drop() throws Exception {
        TestDb.drop(SCHEMA);
    }

    @Test
    void ensureLoaded_withoutSapFieldTemplates_oneLineAskingForAReload() throws Exception {
        SdbenchConfig cfg = TestDb.config(SCHEMA, "run.users=3");
        try (Database db = TestDb.open(cfg)) {
            new SchemaInstaller(db).install(cfg.database().tablespaces(), true);
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                s.execute("DROP TABLE sdbench_fill_vbak");
            }
            EnvironmentException e = assertThrows(
                    EnvironmentException.class,
                    () -> new DataSet(db, cfg, new PrintWriter(new StringWriter())).ensureLoaded(false));
            assertTrue(
                    e.getMessage().contains("lacks tables [sdbench_fill_vbak]")
                            && e.getMessage().contains("./sdbench load"),
                    e.getMessage());
        }
    }

    @Test
    void ensureLoaded_tablesOfAnOlderLayout_oneLineAskingForAReload() throws Exception {
        SdbenchConfig cfg = TestDb.config(SCHEMA, "run.users=3");
        try (Database db = TestDb.open(cfg)) {
            new SchemaInstaller(db).install(cfg.database().tablespaces(), true);
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                s.execute("ALTER TABLE nriv DROP COLUMN mandt CASCADE");
            }
            EnvironmentException e = assertThrows(
                    EnvironmentException.class,
                    () -> new DataSet(db, cfg, new PrintWriter(new StringWriter())).ensureLoaded(false));
            assertTrue(
                    e.getMessage().contains("older table layout")
                            && e.getMessage().contains("./sdbench load --users 3 --recreate"),
                    e.getMessage());
        }
    }
}
