package org.sdbench.measure.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WelchTest {
    @Test
    void of_unequalSpreads_welchSatterthwaiteDegreesAndInterval() {
        // n 10, mean 20, sd 2 against n 12, mean 22, sd 3: variances of the means 0.4 and 0.75, so
        // df = 1.15^2 / (0.4^2 / 9 + 0.75^2 / 11) = 19.19 and the half-width t(0.975, 19.19) x sqrt(1.15).
        Welch w = Welch.of(10, 20, 2, 12, 22, 3);
        assertEquals(2.0, w.difference(), 1e-12);
        assertEquals(19.1906, w.degreesOfFreedom(), 1e-3);
        assertEquals(2.0917 * Math.sqrt(1.15), w.halfWidth(), 2e-3);
    }

    @Test
    void of_oneValueOnASide_noInterval() {
        Welch w = Welch.of(1, 20, 0, 12, 22, 3);
        assertTrue(Double.isNaN(w.halfWidth()) && Double.isNaN(w.degreesOfFreedom()), w.toString());
    }

    @Test
    void meanHalfWidth_fiveValues_studentsT() {
        // t(0.975, 4) = 2.7764.
        assertEquals(2.7764 * 2 / Math.sqrt(5), Welch.meanHalfWidth(5, 2), 1e-3);
    }
}
