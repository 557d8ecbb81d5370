package org.sdbench.apptier.instance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TableBufferTest {

    private final AtomicInteger loads = new AtomicInteger();

    private String load(String value) {
        loads.incrementAndGet();
        return value;
    }

    @Test
    void get_sameKeyTwice_loadsOnceAndCountsHitAndMiss() {
        TableBuffer buf = new TableBuffer(100);
        assertEquals("1000", buf.get("TVAK", "OR", () -> load("1000")));
        assertEquals("1000", buf.get("TVAK", "OR", () -> load("other")));
        assertEquals(1, loads.get());
        assertEquals(1, buf.hits());
        assertEquals(1, buf.misses());
        assertEquals(0.5, buf.hitRatio());
    }

    @Test
    void get_sameKeyDifferentTables_separateEntries() {
        TableBuffer buf = new TableBuffer(100);
        buf.get("MARA", "M1", () -> load("mara"));
        assertEquals("marc", buf.get("MARC", "M1", () -> load("marc")));
        assertEquals(2, loads.get());
    }

    @Test
    void get_disabled_alwaysLoadsAndRatioZero() {
        TableBuffer buf = new TableBuffer(0);
        for (int i = 0; i < 5; i++) {
            buf.get("TVAK", "OR", () -> load("x"));
        }
        assertEquals(5, loads.get());
        assertEquals(0.0, buf.hitRatio());
        assertEquals(0, buf.size());
    }

    @Test
    void get_moreKeysThanCapacity_sizeStaysBounded() {
        TableBuffer buf = new TableBuffer(50);
        for (int i = 0; i < 1_000; i++) {
            int n = i;
            buf.get("KNA1", n, () -> "customer-" + n);
        }
        assertTrue(buf.size() <= 50, "size " + buf.size());
    }

    @Test
    void get_hotWorkingSetWithinCapacity_hitRatioAboveGuideline() {
        TableBuffer buf = new TableBuffer(200);
        for (int round = 0; round < 100; round++) {
            for (int k = 0; k < 150; k++) {
                buf.get("MVKE", k, () -> load("row"));
            }
        }
        assertEquals(150, loads.get());
        assertTrue(buf.hitRatio() >= 0.98, "whitepaper guideline >= 98 %: " + buf.hitRatio());
    }

    @Test
    void get_loaderReturnsNull_returnedButNotBuffered() {
        TableBuffer buf = new TableBuffer(10);
        assertNull(buf.get("KNVV", "none", () -> load(null)));
        assertNull(buf.get("KNVV", "none", () -> load(null)));
        assertEquals(2, loads.get());
    }

    @Test
    void invalidate_oneTable_othersKept() {
        TableBuffer buf = new TableBuffer(10);
        Object konp = new Object();
        buf.get("KONP", 1, () -> konp);
        buf.get("TVAK", 1, () -> load("t"));
        buf.invalidate("TVAK");
        assertSame(konp, buf.get("KONP", 1, Object::new));
        buf.get("TVAK", 1, () -> load("t"));
        assertEquals(2, loads.get());
    }

    @Test
    void get_concurrentReaders_countsAddUp() throws Exception {
        TableBuffer buf = new TableBuffer(1_000);
        ExecutorService ex = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                fs.add(ex.submit(() -> {
                    for (int i = 0; i < 10_000; i++) {
                        int k = i % 100;
                        buf.get("MARA", k, () -> load("m" + k));
                    }
                }));
            }
            for (Future<?> f : fs) {
                f.get(1, TimeUnit.MINUTES);
            }
        } finally {
            ex.shutdownNow();
        }
        assertEquals(40_000, buf.hits() + buf.misses());
        assertEquals(loads.get(), buf.misses());
        assertTrue(buf.misses() >= 100 && buf.misses() < 400, "misses " + buf.misses());
    }

    @Test
    void constructor_negativeCapacity_rejectedNamingValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TableBuffer(-5));
        assertTrue(e.getMessage().contains("= -5"), e.getMessage());
    }

    /** The hit ratio over {@code rounds} passes of reads spread uniformly over {@code keys} keys. */
    private static double ratioAfterWarmUp(TableBuffer buf, int keys, int rounds) {
        SplittableRandom r = new SplittableRandom(7);
        for (int i = 0; i < keys * 5; i++) {
            int k = r.nextInt(keys);
            buf.get("T006", k, () -> "unit " + k);
        }
        long h0 = buf.hits();
        long m0 = buf.misses();
        for (int i = 0; i < keys * rounds; i++) {
            int k = r.nextInt(keys);
            buf.get("T006", k, () -> "unit " + k);
        }
        return (double) (buf.hits() - h0) / (buf.hits() - h0 + buf.misses() - m0);
    }

    @Test
    void hitRatio_workingSetFits_meetsGuidelineWithoutDisplacement() {
        TableBuffer buf = new TableBuffer(1_000);
        double ratio = ratioAfterWarmUp(buf, 800, 20);
        assertTrue(ratio >= 0.999, "only keys not yet seen in the warm-up miss: " + ratio);
        assertEquals(0, buf.evictions());
    }

    @Test
    void hitRatio_bufferSmallerThanWorkingSet_missesGuidelineAndDisplaces() {
        TableBuffer buf = new TableBuffer(400);
        double ratio = ratioAfterWarmUp(buf, 800, 20);
        assertTrue(ratio < 0.98 && ratio > 0.2, "ratio " + ratio);
        assertTrue(buf.evictions() > 0);
        assertTrue(buf.size() <= 400);
    }

    @Test
    void invalidate_oneTable_dropsOnlyItsEntriesAndCountsThem() {
        TableBuffer buf = new TableBuffer(100);
        buf.get("TVAP", "P001", () -> "a");
        buf.get("TVAP", "P002", () -> "b");
        buf.get("TVAK", "OR", () -> "c");
        assertEquals(2, buf.invalidate("tvap"));
        assertEquals(2, buf.invalidations());
        assertEquals(1, buf.size());
        assertEquals("new", buf.get("TVAP", "P001", () -> "new"));
    }

    @Test
    void firstReads_coldBuffer_everyMissUntilSomethingLeaves() {
        TableBuffer buf = new TableBuffer(2);
        buf.get("MARA", "M1", () -> "a");
        buf.get("MARA", "M1", () -> "a");
        buf.get("MARA", "M2", () -> "b");
        assertEquals(2, buf.firstReads(), "two entries read for the first time");
        for (int i = 3; i < 20; i++) {
            int n = i;
            buf.get("MARA", "M" + n, () -> "x" + n);
        }
        assertTrue(buf.evictions() > 0);
        long before = buf.firstReads();
        buf.get("MARA", "M1", () -> "a");
        assertEquals(before, buf.firstReads(), "after a displacement a miss may be a re-read: never counted");
        assertTrue(buf.firstReads() < buf.misses());
    }

    @Test
    void firstReads_afterInvalidation_notCounted() {
        TableBuffer buf = new TableBuffer(100);
        buf.get("TVAP", "P001", () -> "old");
        buf.invalidate("TVAP");
        buf.get("TVAP", "P001", () -> "new");
        assertEquals(1, buf.firstReads());
        assertEquals(2, buf.misses());
    }
}
