package org.sdbench.appserver.workprocess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CpuBurnerTest {

    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    @Test
    void burn_20ms_threadCpuTimeAdvancesByThatAndLittleMore() {
        CpuBurner.burn(Duration.ofMillis(5));
        long cpuBefore = MX.getCurrentThreadCpuTime();
        long burned = CpuBurner.burn(Duration.ofMillis(20));
        long cpuUsed = MX.getCurrentThreadCpuTime() - cpuBefore;

        assertTrue(CpuBurner.measuresCpuTime(), "this JVM on Linux supports thread CPU time");
        assertTrue(burned >= 20_000_000L, "burned " + burned);
        assertTrue(cpuUsed >= 20_000_000L, "the thread really used CPU, not sleep: " + cpuUsed);
        assertTrue(burned < 25_000_000L, "overshoot stays within a few check batches: " + burned);
    }

    @Test
    void burn_wallTimeFallback_spinsForTheWallDuration() {
        long t0 = System.nanoTime();
        long cpuBefore = MX.getCurrentThreadCpuTime();
        long burned = CpuBurner.burn(Duration.ofMillis(10), false);
        long wall = System.nanoTime() - t0;
        long cpu = MX.getCurrentThreadCpuTime() - cpuBefore;

        assertTrue(burned >= 10_000_000L && wall >= burned, "burned " + burned + " wall " + wall);
        assertTrue(cpu > 0, "still busy work, not a sleep");
    }

    @Test
    void burn_onVirtualThread_fallsBackAndStillBurns() throws Exception {
        AtomicLong burned = new AtomicLong();
        Thread t = Thread.ofVirtual().start(() -> burned.set(CpuBurner.burn(Duration.ofMillis(5))));
        t.join();
        assertTrue(burned.get() >= 5_000_000L, "burned " + burned.get());
    }

    @Test
    void burn_zero_returnsAtOnce() {
        assertEquals(0, CpuBurner.burn(Duration.ZERO));
    }

    @Test
    void burn_negativeOrNull_rejectedNamingValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CpuBurner.burn(Duration.ofMillis(-1)));
        assertTrue(e.getMessage().contains("PT-0.001S"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CpuBurner.burn(null));
    }

    @Test
    void burn_resultIsPublished_loopNotDeadCode() {
        CpuBurner.burn(Duration.ofMillis(1));
        assertTrue(CpuBurner.sinkForTests() != 0, "xorshift state never reaches 0 from an odd seed");
    }
}
