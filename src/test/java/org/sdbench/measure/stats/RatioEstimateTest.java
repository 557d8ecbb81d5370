package org.sdbench.measure.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Known inputs with answers computed independently (SciPy 1.17: stats.t, ttest_1samp, ttest_ind with equal_var=False). */
class RatioEstimateTest {
    private static final double EPS = 1e-6;

    @Test
    void paired_threeRounds_matchesStudentTOnLogRatios() {
        RatioEstimate e = RatioEstimate.paired(new double[] {100, 100, 100}, new double[] {110, 120, 100});
        assertEquals(3, e.rounds());
        assertEquals(1.0969613104865237, e.ratio(), EPS);
        assertEquals(0.8745986371595587, e.low(), EPS);
        assertEquals(1.3758586688545014, e.high(), EPS);
        assertEquals(0.2208715318186792, e.pValue(), EPS);
        assertFalse(e.excludesOne());
    }

    @Test
    void paired_identicalRatios_zeroWidthIntervalAndPValueZero() {
        RatioEstimate e = RatioEstimate.paired(new double[] {10, 20, 40}, new double[] {20, 40, 80});
        assertEquals(2.0, e.ratio(), EPS);
        assertEquals(2.0, e.low(), EPS);
        assertEquals(2.0, e.high(), EPS);
        assertEquals(0.0, e.pValue());
        assertTrue(e.excludesOne());
    }

    @Test
    void paired_oneRound_noInterval() {
        RatioEstimate e = RatioEstimate.paired(new double[] {10}, new double[] {12});
        assertEquals(1.2, e.ratio(), EPS);
        assertTrue(Double.isNaN(e.low()) && Double.isNaN(e.pValue()));
        assertFalse(e.rulesOut(0.5));
    }

    @Test
    void paired_zeroValue_refused() {
        assertThrows(
                IllegalArgumentException.class, () -> RatioEstimate.paired(new double[] {0, 1}, new double[] {1, 1}));
    }

    @Test
    void unpaired_equalSpreads_welchWithFourDegreesOfFreedom() {
        RatioEstimate e = RatioEstimate.unpaired(
                new double[] {1, Math.E, Math.exp(2)}, new double[] {Math.E, Math.exp(2), Math.exp(3)});
        assertEquals(Math.E, e.ratio(), EPS);
        assertEquals(0.28168723042624805, e.low(), EPS);
        assertEquals(26.231420173891298, e.high(), 1e-5);
        assertEquals(0.28786413472669053, e.pValue(), EPS);
    }

    @Test
    void unpaired_unequalSpreadsAndSizes_matchesWelch() {
        RatioEstimate e = RatioEstimate.unpaired(new double[] {10, 11, 12, 10.5}, new double[] {20, 25, 21});
        assertEquals(2.0181601452778226, e.ratio(), EPS);
        assertEquals(1.5932562534407944, e.low(), EPS);
        assertEquals(2.556381224421257, e.high(), EPS);
        assertEquals(0.0019890851543145783, e.pValue(), 1e-8);
        assertTrue(e.excludesOne());
    }

    @Test
    void rulesOut_intervalInsideMargin_true() {
        RatioEstimate e = new RatioEstimate(5, 1.01, 0.97, 1.04, 0.5);
        assertTrue(e.rulesOut(0.05));
        assertFalse(e.rulesOut(0.03));
    }

    @Test
    void tQuantile_knownValues() {
        assertEquals(12.706204736174694, RatioEstimate.tQuantile(1, 0.975), EPS);
        assertEquals(2.5705818356363146, RatioEstimate.tQuantile(5, 0.975), EPS);
        assertEquals(2.0422724563012378, RatioEstimate.tQuantile(30, 0.975), EPS);
        assertEquals(1.9623390808264083, RatioEstimate.tQuantile(1000, 0.975), EPS);
    }
}
