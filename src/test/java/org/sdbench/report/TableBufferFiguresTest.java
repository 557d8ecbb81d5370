package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sdbench.report.TableBufferFigures.Guideline;

class TableBufferFiguresTest {
    private static TableBufferFigures window(long hits, long misses, long firstReads, long evictions) {
        return new TableBufferFigures(
                10_000, 500, hits, misses, (double) hits / (hits + misses), evictions, 0, 0, 0, firstReads);
    }

    @Test
    void guideline_98PercentOfAllReads_met() {
        assertEquals(Guideline.MET, window(9_800, 200, 200, 0).guideline());
    }

    @Test
    void guideline_belowOnlyByFirstReads_warmingNotMissed() {
        // The first run's figures: 95.4 % with every miss an entry's first read.
        TableBufferFigures b = window(9_540, 460, 460, 0);
        assertEquals(Guideline.WARMING, b.guideline());
        assertTrue(
                b.guidelineText().startsWith("not judged, still warming: 460 of the 460 misses were first reads"),
                b.guidelineText());
    }

    @Test
    void guideline_tooSmallBuffer_missedDespiteFirstReads() {
        // Capacity misses (re-reads of displaced entries) keep it under 98 % even without the first reads.
        assertEquals(Guideline.MISSED, window(8_000, 2_000, 100, 5_000).guideline());
    }

    @Test
    void guideline_firstReadsNotMeasured_missedAsBefore() {
        assertEquals(Guideline.MISSED, window(9_540, 460, 0, 0).guideline());
    }

    @Test
    void guideline_noReads_missed() {
        assertEquals(Guideline.MISSED, new TableBufferFigures(10, 0, 0, 0, 0, 0, 0, 0, 0, 0).guideline());
    }
}
