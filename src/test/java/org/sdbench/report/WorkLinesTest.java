package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkLinesTest {
    @Test
    void dbShareAnchor_certificate2003018_aboutSevenPercent() {
        // DB 4 CPUs at 94 %; 10 dialog/update servers of 8 CPUs at 61 %; central instance 4 CPUs at 4 %
        assertEquals(3.76 / 52.72, WorkLines.DB_SHARE_ANCHOR, 1e-9);
        assertEquals(0.071, WorkLines.DB_SHARE_ANCHOR, 0.001);
    }

    @Test
    void hostSpeed_runSlowerThanCalibrated_showsBothSpeeds() {
        // 20,207 units per step took 34.0 ms of CPU: 0.594 M units per CPU second, against calibrate's 1.214 M.
        var w = work(34.0);
        assertEquals(594_323, w.runUnitsPerCpuSecond(), 1);
        assertEquals("host speed    1.214 M units per CPU second: the configured work is 16.6 ms of one core per dialog "
                + "step here; this run's dialog work ran at 0.594 M", WorkLines.hostSpeed(w));
    }

    @Test
    void hostSpeed_noWorkCpu_showsTheCalibrationOnly() {
        var w = work(0);
        assertEquals(null, w.runUnitsPerCpuSecond());
        assertEquals("host speed    1.214 M units per CPU second: the configured work is 16.6 ms of one core per dialog "
                + "step here", WorkLines.hostSpeed(w));
    }

    private static WorkSummary work(double dialogWorkCpuMs) {
        return new WorkSummary(20_207, 5_033, dialogWorkCpuMs, null, null, 1_214_000.0, 16.6, null, null, null, null, null,
                null, null, List.of());
    }
}
