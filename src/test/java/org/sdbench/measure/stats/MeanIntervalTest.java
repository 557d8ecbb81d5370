package org.sdbench.measure.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MeanIntervalTest {
    @Test
    void of_threeValues_studentTWithTwoDegreesOfFreedom() {
        // mean 2, standard deviation 1, t(0.975; 2) = 4.302652729911275
        MeanInterval i = MeanInterval.of(new double[] {1, 2, 3}, 0.95);
        double half = 4.302652729911275 / Math.sqrt(3);
        assertEquals(3, i.samples());
        assertEquals(2, i.mean(), 1e-12);
        assertEquals(2 - half, i.low(), 1e-9);
        assertEquals(2 + half, i.high(), 1e-9);
        assertEquals(2 * half / 2, i.relativeWidth(), 1e-9);
    }

    @Test
    void of_oneValue_noInterval() {
        MeanInterval i = MeanInterval.of(new double[] {7}, 0.95);
        assertEquals(7, i.mean());
        assertTrue(Double.isNaN(i.low()) && Double.isNaN(i.high()));
    }

    @Test
    void of_equalValues_zeroWidth() {
        MeanInterval i = MeanInterval.of(new double[] {5, 5, 5}, 0.95);
        assertEquals(5, i.low());
        assertEquals(5, i.high());
        assertTrue(i.contains(5));
    }

    @Test
    void of_badInput_refused() {
        assertThrows(IllegalArgumentException.class, () -> MeanInterval.of(new double[0], 0.95));
        assertThrows(IllegalArgumentException.class, () -> MeanInterval.of(new double[] {1, 2}, 1.5));
    }
}
