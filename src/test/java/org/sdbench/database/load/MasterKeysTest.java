package org.sdbench.database.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sdbench.core.MasterKeys;

class MasterKeysTest {
    @Test
    void keys_documentedFormats_matchStringFormat() {
        assertEquals("0000007003", MasterKeys.kunnr(7, 3));
        assertEquals("M000000007-0012", MasterKeys.matnr(7, 12));
        assertEquals("P001", MasterKeys.werks(4, 3));
        assertEquals("P002", MasterKeys.werks(5, 3));
        assertEquals("P003", MasterKeys.bwkey(3, 3));
    }

    @Test
    void keys_manyValues_equalStringFormat() {
        for (int u : new int[] {1, 9, 10, 999, 12345, 999_999, 1_000_000}) {
            for (int i : new int[] {1, 5, 25, 999, 1000, 9999, 10_000}) {
                if (i <= 1000) {
                    assertEquals(String.format("%010d", u * 1000L + i), MasterKeys.kunnr(u, i));
                }
                assertEquals(String.format("M%09d-%04d", u, i), MasterKeys.matnr(u, i));
            }
        }
        assertEquals("0000000042", MasterKeys.zeroPad(42, 10));
        assertEquals("12345678901", MasterKeys.zeroPad(12_345_678_901L, 10));
    }

    @Test
    void ranges_usersNotDivisible_coverAllUsersOnce() {
        List<int[]> r = MasterDataLoader.ranges(10, 3);
        assertEquals(3, r.size());
        assertArrayEquals(new int[] {1, 4}, r.get(0));
        assertArrayEquals(new int[] {5, 7}, r.get(1));
        assertArrayEquals(new int[] {8, 10}, r.get(2));
        assertEquals(1, MasterDataLoader.ranges(1, 4).size());
    }
}
