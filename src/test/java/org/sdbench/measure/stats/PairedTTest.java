package org.sdbench.measure.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Known inputs with answers computed independently (SciPy 1.17: stats.ttest_1samp with alternative, stats.t.ppf). */
class PairedTTest {
    private static final double EPS = 1e-9;
    private static final double[] D = {0.05, 0.02, 0.08, 0.03, 0.06};

    @Test
    void pValue_fivePairs_matchesOneSampleT() {
        PairedT t = PairedT.of(D);
        assertEquals(0.048, t.mean(), EPS);
        assertEquals(0.023874672772626643, t.sd(), EPS);
        assertEquals(0.010858991726469381, t.pValue(), EPS);
    }

    @Test
    void equivalenceP_marginTenPercent_largerOfTheTwoOneSidedTests() {
        assertEquals(0.0041091148512890086, PairedT.of(D).equivalenceP(-0.1, 0.1), EPS);
    }

    @Test
    void halfWidth_ninetyNinePercent_matchesStudentT() {
        assertEquals(0.04915828122117989, PairedT.of(D).halfWidth(0.01), EPS);
    }

    @Test
    void detectable_levelAndPower_sumOfTheQuantilesTimesStandardError() {
        assertEquals(0.04736747508762212, PairedT.of(D).detectable(0.025, 0.8), EPS);
    }

    @Test
    void onePair_noTestNoInterval() {
        PairedT t = PairedT.of(new double[] {0.1});
        assertTrue(
                Double.isNaN(t.pValue()) && Double.isNaN(t.halfWidth(0.05)) && Double.isNaN(t.detectable(0.05, 0.8)));
        assertTrue(Double.isNaN(t.equivalenceP(-0.1, 0.1)));
    }

    @Test
    void sameDifferenceEveryPair_decidedWithoutSpread() {
        PairedT moved = PairedT.of(new double[] {0.02, 0.02, 0.02});
        assertEquals(0, moved.pValue());
        assertEquals(0, moved.equivalenceP(-0.05, 0.05), "inside the margin");
        assertEquals(1, moved.equivalenceP(-0.01, 0.01), "outside it");
        assertEquals(1, PairedT.of(new double[] {0, 0, 0}).pValue());
    }
}
