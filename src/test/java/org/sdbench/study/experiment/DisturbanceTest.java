package org.sdbench.study.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sdbench.measure.environment.Calibration;
import org.sdbench.measure.environment.HostUsage;

/** The rule that flags a run's window as disturbed: each reason at and beyond its threshold. */
class DisturbanceTest {
    private static final String STARTED = "2026-12-01T20:00:00Z";

    private static HostUsage usage(Double busy, double sim, Double db, Double steal) {
        return new HostUsage(60, 4, busy, sim, db, "note", null, null, steal);
    }

    private static Calibration calibration(String measuredAt, List<String> warnings) {
        return new Calibration(
                "quick, at run start", measuredAt, "cpu", 4, null, null, 1e6, 1e6, 4, 1e6, Map.of(), warnings);
    }

    private static final String OTHER_LOAD_WARNING =
            "the one-core pass got only 62 % of a core: other load on this host, so the per-second figures are"
                    + " low; units per CPU second are still valid";

    @Test
    void of_quietWindow_noReason() {
        assertEquals(List.of(), Disturbance.of(STARTED, usage(50.0, 30, 15.0, 1.0), calibration(STARTED, List.of())));
    }

    @Test
    void of_stealAboveThreshold_stealWithValueAndThreshold() {
        List<Disturbance> d = Disturbance.of(STARTED, usage(50.0, 30, 15.0, 7.5), null);
        assertEquals(1, d.size(), d.toString());
        assertEquals(Disturbance.STEAL, d.get(0).rule());
        assertEquals(7.5, d.get(0).value(), 1e-9);
        assertEquals(Disturbance.MAX_STEAL_PERCENT, d.get(0).threshold(), 1e-9);
        assertTrue(
                d.get(0).text().contains("7.5 %") && d.get(0).text().contains("above 5 %"),
                d.get(0).text());
    }

    @Test
    void of_stealAtThreshold_notDisturbed() {
        assertEquals(List.of(), Disturbance.of(STARTED, usage(50.0, 30, 15.0, 5.0), null));
    }

    @Test
    void of_busyShareOutOfLine_otherLoadWithItsParts() {
        List<Disturbance> d = Disturbance.of(STARTED, usage(70.0, 30, 15.0, null), null);
        assertEquals(1, d.size(), d.toString());
        assertEquals(Disturbance.OTHER_LOAD, d.get(0).rule());
        assertEquals(25, d.get(0).value(), 1e-9);
        assertEquals(Disturbance.MAX_OTHER_LOAD_PERCENT, d.get(0).threshold(), 1e-9);
        assertTrue(
                d.get(0).text().contains("busy 70.0 % - sdbench 30.0 % - DB server 15.0 %"),
                d.get(0).text());
    }

    @Test
    void of_otherLoadAtThreshold_notDisturbed() {
        assertEquals(List.of(), Disturbance.of(STARTED, usage(55.0, 30, 15.0, null), null));
    }

    @Test
    void of_remoteDatabase_busyShareNotJudged() {
        assertEquals(List.of(), Disturbance.of(STARTED, usage(90.0, 30, null, null), null));
    }

    @Test
    void of_freshCalibrationWarnsOfOtherLoad_calibrationReason() {
        List<Disturbance> d = Disturbance.of(
                STARTED, usage(50.0, 30, 15.0, 0.0), calibration("2026-12-01T19:59:58Z", List.of(OTHER_LOAD_WARNING)));
        assertEquals(1, d.size(), d.toString());
        assertEquals(Disturbance.CALIBRATION, d.get(0).rule());
        assertEquals(62, d.get(0).value(), 1e-9);
        assertEquals(Disturbance.MIN_CALIBRATION_SHARE_PERCENT, d.get(0).threshold(), 1e-9);
    }

    @Test
    void of_calibrationHoursBeforeTheRun_notJudged() {
        assertEquals(
                List.of(),
                Disturbance.of(
                        STARTED,
                        usage(50.0, 30, 15.0, 0.0),
                        calibration("2026-12-01T12:00:00+00:00", List.of(OTHER_LOAD_WARNING))));
    }

    @Test
    void of_everyReason_allStated() {
        List<Disturbance> d =
                Disturbance.of(STARTED, usage(90.0, 30, 15.0, 20.0), calibration(STARTED, List.of(OTHER_LOAD_WARNING)));
        assertEquals(
                List.of(Disturbance.CALIBRATION, Disturbance.STEAL, Disturbance.OTHER_LOAD),
                d.stream().map(Disturbance::rule).toList());
    }

    @Test
    void ofDuet_eachSideAboutHalfTheHost_notDisturbedByTheOtherSide() {
        // Each side: its simulator 20 %, its server 25 %; the host 92 % busy: 2 % is neither side's.
        assertEquals(List.of(), Disturbance.ofDuet(STARTED, usage(92.0, 20, 25.0, 0.0), usage(92.0, 20, 25.0, 0.0)));
        // Judged alone, one side's window would be 47 % other load.
        assertEquals(
                Disturbance.OTHER_LOAD,
                Disturbance.of(STARTED, usage(92.0, 20, 25.0, 0.0), null).get(0).rule());
    }

    @Test
    void ofDuet_loadBesideBothSides_otherLoadFromTheSumOfBoth() {
        List<Disturbance> d = Disturbance.ofDuet(STARTED, usage(80.0, 15, 20.0, 0.0), usage(84.0, 15, 10.0, 0.0));
        assertEquals(1, d.size(), d.toString());
        assertEquals(Disturbance.OTHER_LOAD, d.get(0).rule());
        assertEquals(22.0, d.get(0).value(), 1e-9);
    }

    @Test
    void ofDuet_stealOnOneSide_theLargerSteal() {
        List<Disturbance> d = Disturbance.ofDuet(STARTED, usage(50.0, 10, 15.0, 1.0), usage(50.0, 10, 15.0, 8.0));
        assertEquals(
                List.of(Disturbance.STEAL), d.stream().map(Disturbance::rule).toList());
        assertEquals(8.0, d.get(0).value(), 1e-9);
    }
}
