package org.sdbench.measure.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The benchmark's units (100 SAPS = 6,000 dialog steps/h = 2,000 line items/h), checked against
 * the published 2003 SD benchmark run of 5,790 users.
 */
class ThroughputTest {

    @Test
    void expectedDialogStepsPerHour_whitepaperRun_1742809() {
        double dsh = Throughput.expectedDialogStepsPerHour(5_790, 10.0, 1.96);
        assertEquals(1_742_809, dsh, 1.0);
        assertEquals(1_743_000, dsh, 1_000, "the certificate's rounded figure");
    }

    @Test
    void lineItemsAndSaps_whitepaperRun_581000ItemsAnd29050Saps() {
        double dsh = Throughput.expectedDialogStepsPerHour(5_790, 10.0, 1.96);
        double items = Throughput.lineItemsPerHour(dsh);
        assertEquals(580_936, items, 1.0);
        assertEquals(581_000, items, 500);
        assertEquals(29_047, Throughput.sapsLike(dsh), 1.0);
        assertEquals(29_050, Throughput.sapsFromLineItemsPerHour(items), 10);
        assertEquals(
                Throughput.sapsLike(dsh),
                Throughput.sapsFromLineItemsPerHour(items),
                1e-6,
                "DS/h / 60 = line items/h / 20");
    }

    @Test
    void definitions_hundredSaps_is6000StepsAnd2000Items() {
        assertEquals(100, Throughput.sapsLike(6_000), 1e-9);
        assertEquals(100, Throughput.sapsFromLineItemsPerHour(2_000), 1e-9);
        assertEquals(2_000, Throughput.lineItemsPerHour(6_000), 1e-9);
        assertEquals(
                Throughput.DIALOG_STEPS_PER_LOOP / Throughput.DIALOG_STEPS_PER_LINE_ITEM,
                Throughput.LINE_ITEMS_PER_LOOP,
                1e-9,
                "one loop: 15 steps, 5 line items");
    }

    @Test
    void perHour_countOverWindow_scaled() {
        assertEquals(7_200, Throughput.perHour(1_000, 500), 1e-9);
        assertEquals(0, Throughput.perHour(1_000, 0));
    }

    @Test
    void littleLawDeviation_driverFellBehind_negativeFraction() {
        double expected = Throughput.expectedDialogStepsPerHour(100, 10, 1);
        assertEquals(-0.05, Throughput.littleLawDeviation(expected * 0.95, expected), 1e-12);
        assertEquals(0.02, Throughput.littleLawDeviation(expected * 1.02, expected), 1e-12);
        assertEquals(0, Throughput.littleLawDeviation(5, 0));
    }

    @Test
    void expectedDialogStepsPerHour_badInputs_rejectedNamingValues() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Throughput.expectedDialogStepsPerHour(-1, 10, 1));
        assertTrue(e.getMessage().contains("users = -1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Throughput.expectedDialogStepsPerHour(10, 0, 0));
        assertTrue(e.getMessage().contains("sum > 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Throughput.expectedDialogStepsPerHour(10, Double.NaN, 1));
    }
}
