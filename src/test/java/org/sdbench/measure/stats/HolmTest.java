package org.sdbench.measure.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HolmTest {
    @Test
    void reject_textbookExample_stepsDownUntilFirstFailure() {
        // m = 4: thresholds 0.0125, 0.0167, 0.025, 0.05 for the sorted p-values 0.01, 0.015, 0.03, 0.04.
        boolean[] r = Holm.reject(new double[] {0.04, 0.01, 0.03, 0.015}, 0.05);
        assertArrayEquals(new boolean[] {false, true, false, true}, r);
    }

    @Test
    void reject_allSmall_allRejected() {
        assertArrayEquals(new boolean[] {true, true, true}, Holm.reject(new double[] {0.001, 0.002, 0.003}, 0.05));
    }

    @Test
    void reject_smallestAboveBonferroni_noneRejected() {
        // Unadjusted, 0.02 would be "significant"; among 3 figures it is not.
        assertArrayEquals(new boolean[] {false, false, false}, Holm.reject(new double[] {0.02, 0.5, 0.9}, 0.05));
    }

    @Test
    void reject_nanNotTestedAndNotCounted() {
        // Only two are tested: 0.02 <= 0.05 / 2 is rejected, then 0.04 <= 0.05 / 1 too.
        assertArrayEquals(new boolean[] {true, false, true}, Holm.reject(new double[] {0.02, Double.NaN, 0.04}, 0.05));
    }

    @Test
    void adjusted_textbookExample_monotoneAndRejectedExactlyAtOrBelowAlpha() {
        // Sorted 0.01, 0.015, 0.03, 0.04: 4 * 0.01, max(0.04, 3 * 0.015), max(0.045, 2 * 0.03), max(0.06, 0.04).
        assertArrayEquals(
                new double[] {0.06, 0.04, 0.06, 0.045}, Holm.adjusted(new double[] {0.04, 0.01, 0.03, 0.015}), 1e-12);
    }

    @Test
    void adjusted_nanStaysNanAndIsNotCounted() {
        double[] a = Holm.adjusted(new double[] {0.02, Double.NaN, 0.04});
        assertArrayEquals(new double[] {0.04, 0.04}, new double[] {a[0], a[2]}, 1e-12);
        assertTrue(Double.isNaN(a[1]));
    }

    @Test
    void levels_rejectedAtTheirStepTheRestAtTheStepWhereItStopped() {
        // Steps 0.0125 (0.01 rejected), 0.0167 (0.015 rejected), 0.025 (0.03 not): 0.03 and 0.04 judged at 0.025.
        assertArrayEquals(
                new double[] {0.025, 0.0125, 0.025, 0.05 / 3},
                Holm.levels(new double[] {0.04, 0.01, 0.03, 0.015}, 0.05),
                1e-12);
    }
}
