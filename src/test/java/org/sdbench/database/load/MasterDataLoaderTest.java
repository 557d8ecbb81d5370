package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.database.Database;
import org.sdbench.database.SchemaInstaller;

class MasterDataLoaderTest {
    private static final String COPY_SCHEMA = "t_loader_copy";
    private static final String INSERT_SCHEMA = "t_loader_insert";
    /** Two users: per-user rows still come from several users, and the load stays short. */
    private static final int USERS = 2;

    @AfterAll
    static void dropSchemas() throws SQLException {
        TestDb.drop(COPY_SCHEMA);
        TestDb.drop(INSERT_SCHEMA);
    }

    private static LoadResult load(String schema, boolean inserts, List<String> tables) throws Exception {
        SdbenchConfig cfg = TestDb.config(schema, "run.users=" + USERS, "load.threads=4");
        MasterDataSpec spec = MasterDataSpec.of(cfg, LocalDateTime.of(2025, 1, 1, 0, 0), "test");
        List<String> seen = new ArrayList<>();
        LoadListener l = new LoadListener() {
            @Override
            public void tableDone(String table, long rows, long nanos) {
                seen.add(table);
            }
        };
        try (Database db = TestDb.open(cfg)) {
            new SchemaInstaller(db).install(cfg.database().tablespaces(), true);
            MasterDataLoader loader = new MasterDataLoader(spec, cfg.load().threads(), l);
            LoadResult r = (inserts ? loader.forceInserts() : loader).load(db);
            tables.addAll(seen);
            assertEquals(spec.totalRows(), r.rows());
            return r;
        }
    }

    /** A digest of every loaded table's content, in key order. */
    private static String digest(String schema) throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (Database db = TestDb.open(TestDb.config(schema));
                Connection c = db.connect();
                Statement s = c.createStatement()) {
            for (LoadTable t : LoadTable.all()) {
                if (t == MasterTable.SDBENCH_LOAD) {
                    continue;
                }
                try (ResultSet rs =
                        s.executeQuery("SELECT md5(string_agg(x::text, '|' ORDER BY x::text)), count(*) FROM "
                                + t.tableName() + " x")) {
                    rs.next();
                    sb.append(t.tableName())
                            .append('=')
                            .append(rs.getString(1))
                            .append('/')
                            .append(rs.getLong(2))
                            .append(' ');
                }
            }
        }
        return sb.toString();
    }

    @Test
    void load_copyAndBatchedInserts_sameDataAndAnalyzed() throws Exception {
        List<String> tables = new ArrayList<>();
        LoadResult copy = load(COPY_SCHEMA, false, tables);
        assertEquals(LoadTable.all().size(), tables.size());
        // Customizing for one plant: T001, TVTA, TVST, TVAP, TVLK, TVFK, T683, T683S, T685A, T006, T156.
        int customizing = 10 + 36 + 1 + 300 + 40 + 40 + 50 + 500 + 502 + 401 + 100;
        // Master data, plus 40 orders of history per customer with 97 rows each (5 line items), plus the
        // templates of the 18 document tables.
        // SD functions per user (SdTable): KONP items of the other condition records 46, A004 58, A005 10, A007 3,
        // KONH 71, KNVP 20, KNKK 5, S066 5, STXH 217, STXL 463, VBPA 1,600, VAPMA 1,000, NAST 600; S001 as aggregated.
        assertEquals(
                USERS * (5 + 5 + 6 * 25)
                        + 1
                        + 1
                        + 1
                        + 7
                        + 1
                        + customizing
                        + USERS * 5 * 40 * 97
                        + 18 * FillTable.TEMPLATES
                        + USERS * 4098
                        + copy.tableRows().get("s001"),
                copy.rows());
        assertTrue(copy.tableRows().get("s001") > 0 && copy.tableRows().get("s001") <= USERS * 5 * 25 * 2, "S001 rows");
        load(INSERT_SCHEMA, true, new ArrayList<>());
        assertEquals(digest(COPY_SCHEMA), digest(INSERT_SCHEMA));
        try (Database db = TestDb.open(TestDb.config(COPY_SCHEMA));
                Connection c = db.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_user_tables WHERE schemaname = '"
                        + COPY_SCHEMA + "' AND last_analyze IS NOT NULL")) {
            rs.next();
            assertTrue(rs.getInt(1) >= MasterTable.values().length, "tables analyzed: " + rs.getInt(1));
        }
    }
}
