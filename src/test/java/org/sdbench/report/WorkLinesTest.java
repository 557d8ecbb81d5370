package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WorkLinesTest {
    @Test
    void dbShareAnchor_certificate2003018_aboutSevenPercent() {
        // DB 4 CPUs at 94 %; 10 dialog/update servers of 8 CPUs at 61 %; central instance 4 CPUs at 4 %
        assertEquals(3.76 / 52.72, WorkLines.DB_SHARE_ANCHOR, 1e-9);
        assertEquals(0.071, WorkLines.DB_SHARE_ANCHOR, 0.001);
    }
}
