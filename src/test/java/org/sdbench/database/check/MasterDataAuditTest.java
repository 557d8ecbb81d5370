package org.sdbench.database.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.core.MasterKeys;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;
import org.sdbench.database.load.MasterDataLoader;
import org.sdbench.database.load.MasterDataSpec;
import org.sdbench.database.load.TestDb;

class MasterDataAuditTest {
    private static final String SCHEMA = "t_master_audit";
    private static final SdbenchConfig CONFIG = TestDb.config(SCHEMA, "run.users=4", "workload.plants=2");

    @AfterAll
    static void dropSchema() throws SQLException {
        TestDb.drop(SCHEMA);
    }

    @BeforeEach
    void loadFourUsers() throws Exception {
        try (Database db = TestDb.open(CONFIG)) {
            new SchemaInstaller(db).install(CONFIG.database().tablespaces(), true);
            new MasterDataLoader(MasterDataSpec.of(CONFIG, LocalDateTime.now(), "test"), 2, null).load(db);
        }
    }

    private static List<Problem> audit(String... corruption) throws SQLException {
        try (Database db = TestDb.open(CONFIG)) {
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                for (String sql : corruption) {
                    s.execute(sql);
                }
            }
            return new MasterDataAudit().run(db);
        }
    }

    @Test
    void audit_freshLoad_noProblems() throws SQLException {
        assertEquals(List.of(), audit());
    }

    @Test
    void audit_deletedMardRow_reportsThatUser() throws SQLException {
        List<Problem> p = audit("DELETE FROM mard WHERE matnr = '" + MasterKeys.matnr(3, 7) + "'");
        assertEquals(1, p.size(), p.toString());
        assertEquals("master-data", p.get(0).audit());
        assertTrue(p.get(0).message().startsWith("mard: 1 of 4 users"), p.get(0).line());
        assertTrue(p.get(0).message().contains("user 3 has 24"), p.get(0).line());
    }

    @Test
    void audit_deletedNrivRow_reportsThatInterval() throws SQLException {
        List<Problem> p = audit("DELETE FROM nriv WHERE object = 'RV_BELEG' AND nrrangenr = '17'");
        assertEquals(List.of(new Problem("master-data", "nriv: interval (RV_BELEG, '17') is missing")), p);
    }

    @Test
    void audit_nrlevelBeyondInterval_reportsIt() throws SQLException {
        List<Problem> p = audit(
                "UPDATE nriv SET nrlevel = 100000000 WHERE object = 'RV_BELEG' AND nrrangenr = '19'",
                "UPDATE nriv SET nrlevel = 123 WHERE object = 'KONV'");
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.get(0).message().contains("nrlevel 100000000 outside [89999999, 99999999]"), p.toString());
    }

    @Test
    void audit_missingLoadRecord_reportsUnfinishedLoad() throws SQLException {
        List<Problem> p = audit("DELETE FROM sdbench_load");
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.get(0).message().startsWith("sdbench_load has no row"), p.toString());
    }

    @Test
    void audit_customerOfUnknownUser_reported() throws SQLException {
        List<Problem> p = audit(
                "INSERT INTO knvv (kunnr, vkorg, vtweg, spart, kdgrp, waers, klimk) SELECT '0000009001', vkorg, vtweg, spart, kdgrp, waers, klimk FROM knvv LIMIT 1");
        assertEquals(1, p.size(), p.toString());
        assertEquals(
                "knvv: 1 rows belong to no loaded user (users are 1..4)",
                p.get(0).message());
    }

    @Test
    void audit_noSchema_environmentError() {
        SdbenchConfig other = TestDb.config("t_master_audit_none");
        try (Database db = TestDb.open(other)) {
            EnvironmentException e = assertThrows(EnvironmentException.class, () -> new MasterDataAudit().run(db));
            assertTrue(e.getMessage().contains("sdbench load"), e.getMessage());
        }
    }
}
