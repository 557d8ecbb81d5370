package org.sdbench.work;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.sdbench.config.WorkKind;
import org.sdbench.config.WorkUnits;

/**
 * Measures how many work units per second this host does. The measurement only decides how long
 * to count; the work of a step stays a fixed number of units. Each thread has its own engine, as
 * each work process has, so busy cores do not contend for one working set.
 */
public final class WorkSpeed {
    /** The mix of the calibration (and of the standard workload, within a few percent): mostly internal tables. */
    public static final WorkUnits MIX = new WorkUnits(
            Map.of(WorkKind.ITAB, 600L, WorkKind.SORT, 100L, WorkKind.STRING, 150L, WorkKind.DECIMAL, 150L));

    /** One measurement: units done by all threads, the wall time, and the threads' CPU time. */
    public record Sample(int threads, long units, long wallNanos, long cpuNanos) {
        /** Units per second per busy thread, by the wall clock (what a dialog step experiences). */
        public double unitsPerSecondPerThread() {
            return wallNanos <= 0 ? 0 : units / (wallNanos / 1e9) / threads;
        }

        /** Units per second of thread CPU time (independent of other load on the host). */
        public double unitsPerCpuSecond() {
            return cpuNanos <= 0 ? 0 : units / (cpuNanos / 1e9);
        }

        /** Units per second of all threads together, by the wall clock. */
        public double unitsPerSecond() {
            return wallNanos <= 0 ? 0 : units / (wallNanos / 1e9);
        }
    }

    private WorkSpeed() {}

    /** Runs the mix on {@code threads} platform threads at once for about {@code nanos}; waits for them. */
    public static Sample measure(int threads, long nanos, WorkUnits mix) throws InterruptedException {
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        long[] units = new long[threads];
        long[] cpu = new long[threads];
        List<Thread> ts = new ArrayList<>();
        long[] start = new long[1];
        for (int i = 0; i < threads; i++) {
            int n = i;
            ts.add(Thread.ofPlatform().name("calibrate-" + i).start(() -> {
                WorkEngine e = new WorkEngine(0xCA11_B000L + n);
                e.run(WorkKind.ITAB, 1);
                ready.countDown();
                try {
                    go.await();
                } catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                    return;
                }
                long c0 = ThreadCpu.now();
                long done = 0;
                do {
                    for (var k : mix.units().entrySet()) {
                        e.run(k.getKey(), k.getValue());
                    }
                    done += mix.total();
                } while (System.nanoTime() - start[0] < nanos);
                cpu[n] = ThreadCpu.now() - c0;
                units[n] = done;
            }));
        }
        if (!ready.await(1, TimeUnit.MINUTES)) {
            go.countDown();
            throw new IllegalStateException("calibration threads did not start within a minute");
        }
        start[0] = System.nanoTime();
        go.countDown();
        for (Thread t : ts) {
            // Each thread stops on its own after the phase; the bound only guards against a stalled host.
            if (!t.join(Duration.ofNanos(nanos).plusMinutes(1))) {
                throw new IllegalStateException("calibration thread " + t.getName() + " did not finish");
            }
        }
        long wall = System.nanoTime() - start[0];
        long u = 0;
        long c = 0;
        for (int i = 0; i < threads; i++) {
            u += units[i];
            c += cpu[i];
        }
        return new Sample(threads, u, wall, c);
    }

    /**
     * Runs the mix on this thread until it has used {@code cpuNanos} of CPU, so the JIT has compiled
     * the engine before anything is measured, however busy the host is.
     */
    public static void warmUp(long cpuNanos) {
        WorkEngine e = new WorkEngine(0xCA11_B0FFL);
        long c0 = ThreadCpu.now();
        while (ThreadCpu.now() - c0 < cpuNanos) {
            for (var k : MIX.units().entrySet()) {
                e.run(k.getKey(), k.getValue());
            }
        }
    }

    /** Units per CPU second of each kind alone, on one thread. */
    public static Map<WorkKind, Double> perKind(long nanosEach) throws InterruptedException {
        Map<WorkKind, Double> m = new EnumMap<>(WorkKind.class);
        for (WorkKind k : WorkKind.values()) {
            m.put(k, measure(1, nanosEach, new WorkUnits(Map.of(k, 200L))).unitsPerCpuSecond());
        }
        return m;
    }
}
