package org.sdbench.study.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.sdbench.database.Database;
import org.sdbench.database.load.TestDb;

class TableWorkTest {
    private static final String SCHEMA = "it_table_work";

    @AfterAll
    static void drop() throws Exception {
        TestDb.drop(SCHEMA);
    }

    @Test
    void settled_anotherConnectionWroteAndReadThenIdles_waitsUntilItsRowsAreReported() throws Exception {
        try (Database db = TestDb.open(TestDb.config(SCHEMA))) {
            try (Connection c = db.connect();
                    Statement s = c.createStatement()) {
                c.setAutoCommit(true);
                s.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
                s.execute("CREATE TABLE IF NOT EXISTS " + SCHEMA + ".tw (k int PRIMARY KEY, v text)");
                s.execute("TRUNCATE " + SCHEMA + ".tw");
            }
            TableWork before = TableWork.settled(db, Duration.ofSeconds(30));
            assertNotNull(before, "no other connection of the test database was busy");
            // The writer stays connected: a backend reports at most once a second while busy, the rest
            // only after it has been idle for the server's interval, which the reading waits out.
            try (Connection writer = db.connect();
                    Statement s = writer.createStatement()) {
                writer.setAutoCommit(true);
                s.execute("INSERT INTO " + SCHEMA + ".tw SELECT g, 'x' FROM generate_series(1, 3) g");
                s.execute("UPDATE " + SCHEMA + ".tw SET v = 'y' WHERE k = 2");
                s.execute("DELETE FROM " + SCHEMA + ".tw WHERE k = 3");
                s.executeQuery("SELECT * FROM " + SCHEMA + ".tw").close();
                TableWork after = TableWork.settled(db, Duration.ofSeconds(30));
                assertNotNull(after);
                long[] tw = after.since(before).rows().get("tw");
                assertArrayEquals(new long[] {3, 1, 1}, new long[] {tw[1], tw[2], tw[3]}, "inserted, updated, deleted");
                assertTrue(tw[0] >= 2, "the rows read by the scans: " + tw[0]);
            }
        }
    }

    @Test
    void compare_sameRowsInEveryTable_saysWithinAndGivesTheTotals() {
        TableWork run = work(Map.of("vbak", new long[] {100, 10, 5, 0}, "vbap", new long[] {400, 40, 0, 0}));
        List<String> lines = TableWork.compare(run, run, 6);
        assertEquals(
                "replay work           rows read 500 against 500 (100.0 %), inserted 50 against 50 (100.0 %), "
                        + "updated 5 against 5 (100.0 %), deleted 0 against 0 (same) in the recorded run "
                        + "(PostgreSQL's table statistics)",
                lines.get(0));
        assertEquals("  rows read: every one of the 2 tables read within 5 %", lines.get(1));
        assertEquals("  rows written: the same in every table", lines.get(2));
    }

    @Test
    void compare_replayReadFewerRowsOfOneTable_namesItWithBothCounts() {
        TableWork recorded = work(
                Map.of("vbak", new long[] {2_263, 0, 0, 0}, "mard", new long[] {11_550, 0, 0, 0}, "kna1", new long[] {
                    801, 0, 0, 0
                }));
        TableWork replayed = work(
                Map.of("vbak", new long[] {745, 0, 0, 0}, "mard", new long[] {11_550, 0, 0, 0}, "kna1", new long[] {
                    820, 0, 0, 0
                }));
        List<String> lines = TableWork.compare(recorded, replayed, 6);
        assertTrue(
                lines.get(0).startsWith("replay work           rows read 13,115 against 14,614 (89.7 %)"),
                lines.get(0));
        assertEquals(
                "  rows read: 2 of the 3 tables read within 5 %; off by more: vbak 745 against 2,263", lines.get(1));
    }

    @Test
    void compare_replayUpdatedFewerRowsOfOneTable_namesTheTableAndTheKind() {
        TableWork recorded = work(Map.of("s066", new long[] {10, 0, 42, 0}, "vbak", new long[] {5, 7, 0, 0}));
        TableWork replayed = work(Map.of("s066", new long[] {10, 0, 40, 0}, "vbak", new long[] {5, 7, 0, 0}));
        assertEquals(
                "  rows written differently: s066 updated 40 against 42",
                TableWork.compare(recorded, replayed, 6).get(2));
    }

    private static TableWork work(Map<String, long[]> rows) {
        return new TableWork(new TreeMap<>(rows));
    }
}
