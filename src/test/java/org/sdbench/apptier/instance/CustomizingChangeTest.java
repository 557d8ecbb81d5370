package org.sdbench.apptier.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Database;
import org.sdbench.database.DbSession;
import org.sdbench.database.load.TestDb;
import org.sdbench.measure.metrics.StepClock;
import org.sdbench.report.Json;

/**
 * 'sdbench customizing set' on a loaded data set: the row changes, DDLOG records it, and two
 * instances' buffers (as two app servers would hold them) serve the new value after their next
 * synchronisation; bad input is one line and exit 2 and changes nothing.
 */
class CustomizingChangeTest {
    private static final String SCHEMA = "it_customizing";
    private static Database db;

    @BeforeAll
    static void load() {
        TestDb.Run r = sdbench(
                "load",
                "--users",
                "1",
                "--recreate",
                "--set",
                "workload.customersPerUser=1",
                "--set",
                "workload.materialsPerUser=5",
                "--set",
                "workload.listLength=1");
        assertEquals(0, r.exit(), r.out() + r.err());
        db = TestDb.open(TestDb.config(SCHEMA));
    }

    @AfterAll
    static void drop() throws SQLException {
        if (db != null) {
            db.close();
        }
        TestDb.drop(SCHEMA);
    }

    private static TestDb.Run sdbench(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--db-url", TestDb.url(), "--set", "database.schema=" + SCHEMA));
        return TestDb.sdbench(all.toArray(String[]::new));
    }

    @Test
    void run_customizingChangeEvery_usersReloadTheChangedTablesAndTheReportCountsIt() throws Exception {
        long ddlogBefore = ddlogRows();
        TestDb.Run r = sdbench(
                "run",
                "--accept-errors",
                "--users",
                "1",
                "--ramp-up",
                "1s",
                "--duration",
                "4s",
                "--ramp-down",
                "1s",
                "--set",
                "workload.thinkTime=50ms",
                "--set",
                "workload.customersPerUser=1",
                "--set",
                "workload.materialsPerUser=5",
                "--set",
                "workload.listLength=1",
                "--set",
                "run.customizingChangeEvery=500ms",
                "--set",
                "appServer.tableBufferSync=200ms",
                "--set",
                "run.resultsDir=target/test-results/customizing",
                "--interval",
                "1");
        assertEquals(0, r.exit(), r.out() + r.err());
        Path folder = r.out()
                .lines()
                .filter(l -> l.startsWith("results: "))
                .map(l -> Path.of(l.substring(9).strip()))
                .findFirst()
                .orElseThrow();
        var buffer =
                Json.MAPPER.readTree(folder.resolve("result.json").toFile()).at("/tableBuffer");
        // How many changes fit in the run depends on the host's load; that the report counts exactly the
        // changes the run announced in DDLOG does not.
        long changes = buffer.at("/customizingChanges").asLong();
        assertTrue(changes >= 1, buffer.toString());
        assertEquals(ddlogRows() - ddlogBefore, changes, "every change the run made is counted once: " + buffer);
        assertTrue(buffer.at("/invalidations").asLong() > 0, "the instance dropped the changed tables: " + buffer);
        assertTrue(r.out().contains("customizing changes by the run"), r.out());
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT bezei FROM tvak WHERE auart = 'OR'")) {
            rs.next();
            assertTrue(rs.getString(1).startsWith("rev "), "the run changed the order type's text: " + rs.getString(1));
        }
    }

    private static long ddlogRows() throws SQLException {
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT count(*) FROM ddlog")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void set_bufferedField_rowChangedAndEveryInstanceServesTheNewValueAfterItsSync() throws SQLException {
        StepClock clock = new StepClock(0);
        TableBuffer a = new TableBuffer(100);
        TableBuffer b = new TableBuffer(100);
        BufferSync syncA = new BufferSync(a, clock, Duration.ofSeconds(60));
        BufferSync syncB = new BufferSync(b, clock, Duration.ofSeconds(60));
        String sql = "SELECT vtext FROM tvap WHERE pstyv = ?";
        try (DbSession s = new DbSession(db.connect(), db.dialect(), clock)) {
            syncA.pollIfDue(s);
            syncB.pollIfDue(s);
            for (TableBuffer t : List.of(a, b)) {
                assertEquals("Item category 1", t.get("TVAP", "P001", () -> read(s, sql, "P001")));
            }
            long before = ddlogRows();

            TestDb.Run r = sdbench("customizing", "set", "tvap", "P001", "VTEXT", "Sales item changed");
            assertEquals(0, r.exit(), r.out() + r.err());
            assertEquals(
                    "TVAP 'P001': vtext 'Item category 1' -> 'Sales item changed'; recorded in DDLOG: every app "
                            + "server drops TVAP from its table buffer within appServer.tableBufferSync (1m)",
                    r.out().strip());
            assertEquals(before + 1, ddlogRows());
            assertEquals("Sales item changed", read(s, sql, "P001"), "the row itself changed");

            for (TableBuffer t : List.of(a, b)) {
                assertEquals(
                        "Item category 1",
                        t.get("TVAP", "P001", () -> read(s, sql, "P001")),
                        "until its next synchronisation an instance serves the old entry, as SAP does");
            }
            clock.advance(Duration.ofSeconds(60).toNanos());
            syncA.pollIfDue(s);
            syncB.pollIfDue(s);
            for (TableBuffer t : List.of(a, b)) {
                assertEquals("Sales item changed", t.get("TVAP", "P001", () -> read(s, sql, "P001")));
                assertEquals(1, t.invalidations());
            }
            assertEquals(1, syncA.changesApplied());
            assertEquals(1, syncB.changesApplied());
        }
    }

    @Test
    void set_compositeNumericKey_changesThatRowOnly() throws SQLException {
        TestDb.Run r = sdbench("customizing", "set", "T683S", "PP0001/20", "kschl", "MWST");
        assertEquals(0, r.exit(), r.out() + r.err());
        try (Connection c = db.connect();
                Statement s = c.createStatement();
                var rs = s.executeQuery("SELECT stunr FROM t683s WHERE kalsm = 'PP0001' AND kschl = 'MWST'")) {
            assertTrue(rs.next());
            assertEquals(20, rs.getInt(1));
            assertTrue(!rs.next(), "one row changed");
        }
    }

    @Test
    void set_badInput_oneLineExit2AndNothingRecorded() throws SQLException {
        long before = ddlogRows();
        String[][] bad = {
            {"KNA1", "0000000001", "name1", "x", "customizing table 'KNA1' is not allowed: one of [TVAK"},
            {"TVAP", "P001", "nosuch", "x", "field 'nosuch' of TVAP is not allowed: one of [aulst, cmpnt, erlre, eterl,"
            },
            {"TVAP", "P001", "mandt", "x", "field 'mandt' of TVAP is not allowed"},
            {"TVAP", "P001", "pstyv", "x", "(key fields identify the row and stay)"},
            {"TVTA", "1000/10", "vtext", "x", "key '1000/10' of TVTA is not allowed: 3 value(s) for VKORG/VTWEG/SPART"},
            {"TVAP", "P999", "vtext", "x", "key 'P999' of TVAP is not allowed: no such row (PSTYV)"},
            {"TVAP", "P001", "fkrel", "XX", "value 'XX' of TVAP.fkrel is not allowed: at most 1 characters"},
            {"T683S", "PP0001/ten", "kschl", "MWST", "value 'ten' of T683S.stunr is not allowed: a number"},
        };
        for (String[] b : bad) {
            TestDb.Run r = sdbench("customizing", "set", b[0], b[1], b[2], b[3]);
            assertEquals(2, r.exit(), String.join(" ", b) + ": " + r.out() + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains(b[4]), r.err());
        }
        assertEquals(before, ddlogRows());
        TestDb.Run missing = sdbench("customizing", "set", "TVAP", "P001");
        assertEquals(2, missing.exit(), missing.err());
    }

    private static String read(DbSession s, String sql, String key) {
        try {
            return s.queryOne(sql, rs -> rs.getString(1), key);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
