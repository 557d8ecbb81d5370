package org.sdbench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadProgressTest {
    @Test
    void plainOutput_tablesAndAnalyze_oneLineEach() {
        StringWriter text = new StringWriter();
        try (LoadProgress p = new LoadProgress(new PrintWriter(text), false)) {
            p.started(3000);
            p.tableStarted("kna1", 1000);
            p.rowsSent(1000);
            p.tableDone("kna1", 1000, 500_000_000L);
            p.phaseStarted("analyze");
            p.phaseDone("analyze", 250_000_000L);
        }
        List<String> lines = text.toString().lines().toList();
        assertEquals(2, lines.size(), text.toString());
        assertTrue(lines.get(0).matches("\\s+kna1\\s+1,000 rows\\s+0\\.50 s\\s+2,000 rows/s"), lines.get(0));
        assertTrue(lines.get(1).matches("\\s+analyze\\s+0\\.25 s"), lines.get(1));
    }

    @Test
    void terminalLine_halfDone_barRateAndEta() {
        String l = LoadProgress.line(500, 1000, 2.0, "mara");
        assertEquals("[###############...............]  50% 500/1,000 rows 250 rows/s ETA 2s mara", l);
        assertTrue(LoadProgress.line(1000, 1000, 1.0, "analyze").contains("100%"));
    }

    @Test
    void terminalOutput_closed_endsWithNewline() {
        StringWriter text = new StringWriter();
        try (LoadProgress p = new LoadProgress(new PrintWriter(text), true)) {
            p.started(10);
            p.rowsSent(10);
        }
        assertTrue(text.toString().startsWith("\r["), text.toString());
        assertTrue(text.toString().endsWith("\n") || text.toString().endsWith(System.lineSeparator()));
        assertTrue(text.toString().contains("100%"), text.toString());
    }
}
