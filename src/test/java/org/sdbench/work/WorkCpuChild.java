package org.sdbench.work;

import org.sdbench.config.WorkKind;

/**
 * Child-JVM entry point of {@link WorkIsWorkTest}: warms up, then prints the thread CPU time in
 * nanoseconds that a fixed number of work units took (the best of three), and the checksum of that work.
 */
public final class WorkCpuChild {
    private WorkCpuChild() {}

    public static void main(String[] args) {
        long units = Long.parseLong(args[0]);
        long warmUp = Long.parseLong(args[1]);
        runMix(new WorkEngine(5), warmUp);
        long best = Long.MAX_VALUE;
        long checksum = 0;
        for (int i = 0; i < 3; i++) {
            // A fresh engine each time, its tables filled before the clock starts: same work, same checksum.
            WorkEngine e = new WorkEngine(11);
            e.run(WorkKind.SORT, 1);
            long t0 = ThreadCpu.now();
            runMix(e, units);
            best = Math.min(best, ThreadCpu.now() - t0);
            checksum = e.checksum();
        }
        System.out.println(best + " " + checksum);
    }

    private static void runMix(WorkEngine e, long units) {
        for (var k : WorkSpeed.MIX.units().entrySet()) {
            e.run(k.getKey(), units * k.getValue() / WorkSpeed.MIX.total());
        }
    }
}
