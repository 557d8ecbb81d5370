package org.sdbench.study.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * CPU counters at one instant: the host, this JVM (total and per native thread), the JIT compiler
 * threads of the processes it started, and every PostgreSQL process, with the backends of the
 * benchmark's database marked.
 */
public record CpuSnapshot(
        long wallNanos,
        long jvmCpuNanos,
        MachineCpu machine,
        Map<Long, ProcStat> threads,
        Map<Long, ProcStat> childJit,
        Map<Long, ProcStat> postgres,
        Set<Long> dbBackends) {

    private static final OperatingSystemMXBean OS = osBean();

    /** Takes a snapshot; {@code database} names the DB whose backends count as the benchmark's. */
    public static CpuSnapshot take(String database) {
        long wall = System.nanoTime();
        long jvm = OS == null ? -1 : OS.getProcessCpuTime();
        MachineCpu machine = MachineCpu.read();
        Map<Long, ProcStat> threads = Processes.ownThreads();
        Map<Long, ProcStat> childJit = Processes.childCompilerThreads();
        Map<Long, ProcStat> pg = Processes.postgres();
        Set<Long> mine = new HashSet<>();
        for (Long pid : pg.keySet()) {
            if (Processes.servesDatabase(pid, database)) {
                mine.add(pid);
            }
        }
        return new CpuSnapshot(wall, jvm, machine, threads, childJit, pg, mine);
    }

    private static OperatingSystemMXBean osBean() {
        // The JDK's extended bean reports process CPU in nanoseconds, finer than /proc's 10 ms ticks.
        return ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean o ? o : null;
    }
}
