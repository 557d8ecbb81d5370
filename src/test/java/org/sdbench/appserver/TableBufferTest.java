package org.sdbench.appserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
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
}
