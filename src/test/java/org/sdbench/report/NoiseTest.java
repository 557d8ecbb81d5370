package org.sdbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.measure.metrics.Components;
import org.sdbench.report.compare.Noise;

class NoiseTest {
    private static final Components ZERO = new Components(0, 0, 0, 0, 0, 0, 0, 0);

    private static IntervalRow row(double seconds, boolean inWindow, double ds) {
        return new IntervalRow(
                0,
                0,
                seconds,
                inWindow ? "measurement" : "ramp-up",
                inWindow,
                10,
                0,
                0,
                ds,
                0,
                0,
                0,
                ZERO,
                0,
                0,
                0,
                0,
                0);
    }

    private static List<IntervalRow> run(double... ds) {
        List<IntervalRow> rows = new ArrayList<>(List.of(row(10, false, 1)));
        for (double d : ds) {
            rows.add(row(10, true, d));
        }
        rows.add(row(0.5, true, 1e9));
        return rows;
    }

    @Test
    void band_onlyFullWindowIntervals_meanAndSampleSd() {
        Noise.Band b = Noise.of(run(100, 102, 98, 100), IntervalRow::dsPerHour);
        assertEquals(4, b.n());
        assertEquals(100, b.mean(), 1e-9);
        assertEquals(Math.sqrt(8.0 / 3), b.sd(), 1e-9);
        // Student's t(3) 97.5 % quantile, 3.1824463052837078 (SciPy's stats.t.ppf)
        assertEquals(3.1824463052837078 * Math.sqrt(8.0 / 3) / 2, b.halfWidth95(), 1e-9);
    }

    @Test
    void delta_threePercentGainWithTightIntervals_isSignificant() {
        var a = Noise.of(run(100, 101, 99, 100, 100, 101, 99, 100), IntervalRow::dsPerHour);
        var b = Noise.of(run(103, 104, 102, 103, 103, 104, 102, 103), IntervalRow::dsPerHour);
        Noise.Delta d = Noise.delta(a, b);
        assertEquals(3, d.difference(), 1e-9);
        assertTrue(d.significant(), d.toString());
        assertEquals(14, d.degreesOfFreedom(), 1e-9);
    }

    @Test
    void delta_threePercentGainWithNoisyIntervals_isWithinNoise() {
        var a = Noise.of(run(90, 110, 95, 105), IntervalRow::dsPerHour);
        var b = Noise.of(run(93, 113, 98, 108), IntervalRow::dsPerHour);
        Noise.Delta d = Noise.delta(a, b);
        assertEquals(3, d.difference(), 1e-9);
        assertFalse(d.significant(), d.toString());
    }

    @Test
    void delta_oneIntervalOnly_noiseUnknown() {
        var d = Noise.delta(
                Noise.of(run(100), IntervalRow::dsPerHour), Noise.of(run(103, 104), IntervalRow::dsPerHour));
        assertTrue(Double.isNaN(d.halfWidth95()));
        assertFalse(d.significant());
    }
}
