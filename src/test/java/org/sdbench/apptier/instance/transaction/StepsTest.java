package org.sdbench.apptier.instance.transaction;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StepsTest {
    @Test
    void docNo_anyNumber_equalsStringFormat() {
        for (long n : new long[] {0, 1, 4_000_123, 9_999_999_999L, 12_345_678_901L, -5}) {
            assertEquals(String.format("%010d", n), Steps.docNo(n));
        }
    }
}
