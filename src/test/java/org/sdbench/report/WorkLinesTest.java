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
        assertEquals(
                "host speed    1.214 M units per CPU second: the configured work is 16.6 ms of one core per dialog "
                        + "step here; this run's dialog work ran at 0.594 M",
                WorkLines.hostSpeed(w, null));
    }

    @Test
    void hostSpeed_noWorkCpu_showsTheCalibrationOnly() {
        var w = work(0);
        assertEquals(null, w.runUnitsPerCpuSecond());
        assertEquals(
                "host speed    1.214 M units per CPU second: the configured work is 16.6 ms of one core per dialog "
                        + "step here",
                WorkLines.hostSpeed(w, null));
    }

    @Test
    void sapsLikeAtCalibrationSpeed_runAtHalfTheCalibrationSpeed_doubles() {
        // 20,207 units in 52.9 ms: 0.382 M units per CPU second, half of the calibration's 0.764 M.
        var w = work(20_207 / 382.0, 764_000.0);
        assertEquals(4_000, w.sapsLikeAtCalibrationSpeed(2_000), 1e-6);
    }

    @Test
    void sapsLikeAtCalibrationSpeed_noCalibrationSpeedOrNoWorkCpu_null() {
        assertEquals(null, work(34.0, null).sapsLikeAtCalibrationSpeed(2_000));
        assertEquals(null, work(0, 764_000.0).sapsLikeAtCalibrationSpeed(2_000));
    }

    @Test
    void hostSpeed_withCalibrationSpeed_addsSapsLikeThere() {
        var w = work(34.0, 764_000.0);
        assertEquals(
                "host speed    1.214 M units per CPU second: the configured work is 16.6 ms of one core per dialog "
                        + "step here; this run's dialog work ran at 0.594 M; at the workload's calibration speed (0.764 M) "
                        + "3,085 SAPS-like (saturated runs only)",
                WorkLines.hostSpeed(w, w.sapsLikeAtCalibrationSpeed(2_400)));
    }

    @Test
    void hostSpeed_hostNotCalibrated_showsTheRunsSpeedOnly() {
        var w = new WorkSummary(
                20_207, 5_033, 34.0, null, null, null, null, null, null, null, null, null, null, null, null, List.of(),
                null);
        assertEquals(
                "host speed    this run's dialog work ran at 0.594 M units per CPU second (host not calibrated)",
                WorkLines.hostSpeed(w, null));
    }

    private static WorkSummary work(double dialogWorkCpuMs) {
        return work(dialogWorkCpuMs, null);
    }

    private static WorkSummary work(double dialogWorkCpuMs, Double calibrationSpeed) {
        return new WorkSummary(
                20_207,
                5_033,
                dialogWorkCpuMs,
                null,
                null,
                1_214_000.0,
                16.6,
                null,
                null,
                null,
                null,
                null,
                null,
                calibrationSpeed,
                null,
                List.of(),
                null);
    }
}
