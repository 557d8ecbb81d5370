package org.sdbench.appserver.workprocess;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;

/**
 * Real CPU work standing in for a step's ABAP processing. It spins until the calling thread's CPU
 * time has advanced by the requested amount, so a loaded host stretches the step's wall time the
 * way it would stretch real ABAP, instead of sleeping through it. Where thread CPU time is not
 * available (disabled JVM option, virtual threads) it falls back to wall time.
 */
public final class CpuBurner {

    /** Iterations between clock reads: a read costs about as much as a few hundred iterations. */
    private static final int BATCH = 8192;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU_TIME_SUPPORTED = enableCpuTime();

    /** Written once per burn so the JIT cannot prove the loop result unused. */
    private static volatile long sink;

    private CpuBurner() {
    }

    /** Burns {@code cpu} of this thread's CPU time; returns the nanoseconds actually burned. */
    public static long burn(Duration cpu) {
        return burn(cpu, true);
    }

    /** Whether {@link #burn} measures thread CPU time on this JVM (false: wall time). */
    public static boolean measuresCpuTime() {
        return CPU_TIME_SUPPORTED && THREADS.getCurrentThreadCpuTime() >= 0;
    }

    static long burn(Duration cpu, boolean preferCpuTime) {
        if (cpu == null || cpu.isNegative()) {
            throw new IllegalArgumentException("CPU time to burn = " + cpu + " is not allowed: zero or a positive duration");
        }
        long target = cpu.toNanos();
        if (target == 0) {
            return 0;
        }
        long start = preferCpuTime && CPU_TIME_SUPPORTED ? THREADS.getCurrentThreadCpuTime() : -1;
        return start >= 0 ? burnCpuTime(start, target) : burnWallTime(target);
    }

    private static long burnCpuTime(long start, long target) {
        long x = start | 1;
        long burned;
        do {
            x = spin(x);
            burned = THREADS.getCurrentThreadCpuTime() - start;
        } while (burned < target);
        sink = x;
        return burned;
    }

    private static long burnWallTime(long target) {
        long start = System.nanoTime();
        long x = start | 1;
        long burned;
        do {
            x = spin(x);
            burned = System.nanoTime() - start;
        } while (burned < target);
        sink = x;
        return burned;
    }

    /** xorshift64: cheap, data-dependent, not reducible to a closed form by the compiler. */
    private static long spin(long x) {
        for (int i = 0; i < BATCH; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }

    private static boolean enableCpuTime() {
        try {
            if (!THREADS.isCurrentThreadCpuTimeSupported()) {
                return false;
            }
            if (!THREADS.isThreadCpuTimeEnabled()) {
                THREADS.setThreadCpuTimeEnabled(true);
            }
            return true;
        } catch (UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    static long sinkForTests() {
        return sink;
    }
}
