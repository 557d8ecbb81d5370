package org.sdbench.measure.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The O'Brien-Fleming-type spending, checked against SciPy 1.17 (2 - 2 norm.cdf(norm.ppf(0.975) / sqrt(t))). */
class AlphaSpendingTest {
    private static final double EPS = 1e-12;

    @Test
    void spent_informationFractions_matchTheSpendingFunction() {
        AlphaSpending s = new AlphaSpending(0.05, 3, 10);
        assertEquals(0.000345719580169046, s.spent(0.3), EPS);
        assertEquals(0.0019419129967408466, s.spent(0.4), EPS);
        assertEquals(0.05, s.spent(1), EPS);
    }

    @Test
    void at_looksThreeToTen_firstSpendsUpToItsFractionThenIncrements() {
        AlphaSpending s = new AlphaSpending(0.05, 3, 10);
        assertEquals(0, s.at(2));
        assertEquals(0.000345719580169046, s.at(3), EPS);
        assertEquals(0.0015961934165718006, s.at(4), EPS);
        double sum = 0;
        for (int r = 1; r <= 10; r++) {
            sum += s.at(r);
        }
        assertEquals(0.05, sum, EPS, "Bonferroni over the looks: the increments add up to alpha");
    }

    @Test
    void at_oneLook_theWholeAlpha() {
        assertEquals(0.05, new AlphaSpending(0.05, 4, 4).at(4), EPS);
    }
}
