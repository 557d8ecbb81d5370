package org.sdbench.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

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
}
