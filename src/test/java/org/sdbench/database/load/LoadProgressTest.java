package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadProgressTest {
    private static void sixtyTables(LoadProgress p) {
        p.started(60_000);
        for (int i = 0; i < 60; i++) {
            p.tableStarted("t" + i, 1000);
            p.rowsSent(1000);
            p.tableDone("t" + i, 1000, 500_000_000L);
        }
        p.phaseStarted("analyze");
        p.phaseDone("analyze", 250_000_000L);
    }

    @Test
    void plainOutput_sixtyTables_oneLinePerPhase() {
        StringWriter text = new StringWriter();
        try (LoadProgress p = new LoadProgress(new PrintWriter(text), false)) {
            sixtyTables(p);
        }
        List<String> lines = text.toString().lines().toList();
        assertEquals(2, lines.size(), text.toString());
        assertTrue(lines.get(0).matches("  60,000 rows in 60 tables: \\d+\\.\\d\\d s, [\\d,]+ rows/s"), lines.get(0));
        assertEquals("  analyze: 0.25 s", lines.get(1));
    }

    @Test
    void plainOutput_verbose_oneLinePerTableToo() {
        StringWriter text = new StringWriter();
        try (LoadProgress p = new LoadProgress(new PrintWriter(text), false, true)) {
            sixtyTables(p);
        }
        List<String> lines = text.toString().lines().toList();
        assertEquals(62, lines.size(), text.toString());
        assertTrue(lines.get(0).matches("\\s+t0\\s+1,000 rows\\s+0\\.50 s\\s+2,000 rows/s"), lines.get(0));
    }

    @Test
    void plainOutput_noLaterPhase_rowsLineAtClose() {
        StringWriter text = new StringWriter();
        try (LoadProgress p = new LoadProgress(new PrintWriter(text), false)) {
            p.started(10);
            p.rowsSent(10);
            p.tableDone("kna1", 10, 1);
        }
        assertTrue(text.toString().startsWith("  10 rows in 1 tables: "), text.toString());
        assertEquals(1, text.toString().lines().count());
    }

    @Test
    void terminalLine_halfDone_barRateAndEta() {
        String l = LoadProgress.line(500, 1000, 2.0, "mara");
        assertEquals("[###############...............]  50% 500/1,000 rows 250 rows/s ETA 2s mara", l);
        assertTrue(LoadProgress.line(1000, 1000, 1.0, "analyze").contains("100%"));
    }

    @Test
    void terminalOutput_phases_oneFinishedLineEach() {
        StringWriter text = new StringWriter();
        try (LoadProgress p = new LoadProgress(new PrintWriter(text), true)) {
            sixtyTables(p);
        }
        String t = text.toString();
        assertTrue(t.startsWith("\r["), t);
        assertTrue(t.contains("100%"), t);
        assertFalse(t.contains("t0 "), "no per-table lines: " + t);
        // What a terminal finally shows: the last state of each line between newlines.
        List<String> shown = Arrays.stream(t.split("\n"))
                .map(l -> l.substring(l.lastIndexOf('\r') + 1).stripTrailing())
                .toList();
        assertEquals(2, shown.size(), t);
        assertTrue(shown.get(0).startsWith("[##############################] 100% 60,000/60,000 rows"), shown.get(0));
        assertEquals("  analyze: 0.25 s", shown.get(1));
    }
}
