package org.sdbench.work;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The calling thread's CPU time, used to report how long the work took (never to decide how much
 * work to do). Falls back to wall time where the JVM cannot measure thread CPU time.
 */
public final class ThreadCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean SUPPORTED = enable();

    private ThreadCpu() {}

    /** Nanoseconds of CPU this thread used so far (wall-clock nanoseconds when not measurable). */
    public static long now() {
        long t = SUPPORTED ? THREADS.getCurrentThreadCpuTime() : -1;
        return t >= 0 ? t : System.nanoTime();
    }

    /** Whether {@link #now} measures CPU time on this thread. */
    public static boolean measuresCpu() {
        return SUPPORTED && THREADS.getCurrentThreadCpuTime() >= 0;
    }

    private static boolean enable() {
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
}
