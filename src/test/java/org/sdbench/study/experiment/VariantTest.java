package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sdbench.config.ConfigException;

class VariantTest {
    @Test
    void parse_nameAlone_plainVariant() {
        Variant v = Variant.parse("base:");
        assertEquals("base", v.name());
        assertTrue(v.isPlain());
        assertEquals("no change", v.describe());
    }

    @Test
    void parse_dbAndConfigKeys_splitByPrefix() {
        Variant v = Variant.parse(
                "small:db.shared_buffers=16MB, appServer.layout=three-tier,db.pg_stat_statements.track=all");
        assertEquals(Map.of("shared_buffers", "16MB", "pg_stat_statements.track", "all"), v.dbSettings());
        assertEquals(List.of("appServer.layout=three-tier"), v.overrides());
        assertEquals(
                "db.shared_buffers=16MB, db.pg_stat_statements.track=all, appServer.layout=three-tier", v.describe());
    }

    @Test
    void parse_noColon_namesTheForm() {
        var e = assertThrows(ConfigException.class, () -> Variant.parse("small"));
        assertTrue(e.getMessage().contains("NAME:KEY=VALUE"), e.getMessage());
    }

    @Test
    void parse_settingNameWithQuote_refused() {
        var e = assertThrows(ConfigException.class, () -> Variant.parse("x:db.work_mem'; DROP=1"));
        assertTrue(e.getMessage().contains("'db.work_mem'; DROP'"), e.getMessage());
    }

    @Test
    void parse_databaseKey_refusedWithReason() {
        var e = assertThrows(ConfigException.class, () -> Variant.parse("x:database.url=jdbc:postgresql://h/db"));
        assertTrue(e.getMessage().contains("one database"), e.getMessage());
    }

    @Test
    void parse_changeWithoutValue_refused() {
        assertThrows(ConfigException.class, () -> Variant.parse("x:db.work_mem"));
    }

    @Test
    void parse_badName_refused() {
        assertThrows(ConfigException.class, () -> Variant.parse("../x:db.work_mem=4MB"));
    }

    @Test
    void plan_duplicateNames_refused() {
        var e = assertThrows(
                ConfigException.class,
                () -> new ExperimentPlan(
                        "e", List.of(Variant.parse("a:"), Variant.parse("a:db.work_mem=8MB")), 3, 10, 1, 0.05));
        assertTrue(e.getMessage().contains("'--variant' = 'a'"), e.getMessage());
    }

    @Test
    void plan_nameWithSlash_refused() {
        var e = assertThrows(
                ConfigException.class,
                () -> new ExperimentPlan("../x", List.of(Variant.parse("a:"), Variant.parse("b:")), 3, 10, 1, 0.05));
        assertTrue(e.getMessage().contains("'--name' = '../x'"), e.getMessage());
    }

    @Test
    void plan_oneVariant_refused() {
        assertThrows(
                ConfigException.class, () -> new ExperimentPlan("e", List.of(Variant.parse("a:")), 3, 10, 1, 0.05));
    }

    @Test
    void plan_maxBelowMin_refused() {
        var e = assertThrows(
                ConfigException.class,
                () -> new ExperimentPlan("e", List.of(Variant.parse("a:"), Variant.parse("b:")), 5, 4, 1, 0.05));
        assertTrue(e.getMessage().contains("'--max-rounds' = 4"), e.getMessage());
    }
}
