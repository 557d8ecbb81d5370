package org.sdbench.study.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * CPU used between two snapshots, in nanoseconds. Threads and processes that ended inside the
 * window lose their share (theirs is unreadable once gone); ones that started inside it count
 * whole. The benchmark's own threads and backends live for the whole run, so neither matters.
 *
 * @param jvmNanos this JVM, from the JDK (-1 when unavailable)
 * @param machineNanos capacity of all CPUs over the window (0 when /proc/stat is unreadable)
 * @param machineBusyNanos the busy part of that capacity, every process of the host
 * @param postgresNanos all postgres processes, including background workers and other databases
 * @param dbBackendNanos the backends connected to the benchmark's database
 * @param childJitNanos the JIT compiler threads of the processes this JVM started (three-tier's app
 *     servers and central services; 0 when it started none)
 */
public record CpuWindow(
        double seconds,
        long jvmNanos,
        long machineNanos,
        long machineBusyNanos,
        Map<String, Long> jvmThreadGroups,
        long postgresNanos,
        long dbBackendNanos,
        long childJitNanos) {

    public static CpuWindow between(CpuSnapshot a, CpuSnapshot b) {
        Map<String, Long> groups = new LinkedHashMap<>();
        ThreadGroups.ALL.forEach(g -> groups.put(g, 0L));
        for (var e : b.threads().entrySet()) {
            long d = delta(a.threads(), e.getKey(), e.getValue());
            groups.merge(ThreadGroups.of(e.getValue().name()), ProcStat.ticksToNanos(d), Long::sum);
        }
        long pg = 0;
        long mine = 0;
        for (var e : b.postgres().entrySet()) {
            long d = delta(a.postgres(), e.getKey(), e.getValue());
            pg += d;
            if (serves(a.dbBackends(), b.dbBackends(), e.getKey())) {
                mine += d;
            }
        }
        long childJit = 0;
        for (var e : b.childJit().entrySet()) {
            childJit += delta(a.childJit(), e.getKey(), e.getValue());
        }
        long jvm = a.jvmCpuNanos() < 0 || b.jvmCpuNanos() < 0 ? -1 : b.jvmCpuNanos() - a.jvmCpuNanos();
        return new CpuWindow(
                (b.wallNanos() - a.wallNanos()) / 1e9,
                jvm,
                ProcStat.ticksToNanos(b.machine().totalTicks() - a.machine().totalTicks()),
                ProcStat.ticksToNanos(b.machine().busyTicks() - a.machine().busyTicks()),
                Map.copyOf(groups),
                ProcStat.ticksToNanos(pg),
                ProcStat.ticksToNanos(mine),
                ProcStat.ticksToNanos(childJit));
    }

    private static long delta(Map<Long, ProcStat> before, long id, ProcStat now) {
        ProcStat then = before.get(id);
        // A recycled id with a different name is a new thread or process: count it from zero.
        return then == null || !then.name().equals(now.name()) ? now.ticks() : Math.max(0, now.ticks() - then.ticks());
    }

    private static boolean serves(Set<Long> before, Set<Long> after, long pid) {
        return before.contains(pid) || after.contains(pid);
    }

    /** Average number of CPUs kept busy by {@code nanos} of CPU time over this window. */
    public double cores(long nanos) {
        return seconds <= 0 ? 0 : nanos / (seconds * 1e9);
    }

    /** Number of CPUs of the host, from /proc/stat's capacity over the window (0 when unknown). */
    public double machineCpus() {
        return cores(machineNanos);
    }

    public boolean hasMachine() {
        return machineNanos > 0;
    }

    /** {@code nanos} as a percentage of the host's whole CPU capacity over the window. */
    public double percentOfMachine(long nanos) {
        return machineNanos <= 0 ? 0 : 100.0 * nanos / machineNanos;
    }

    /** Busy CPU on the host that is neither this JVM nor PostgreSQL (other users of a shared machine). */
    public long otherNanos() {
        return Math.max(0, machineBusyNanos - Math.max(0, jvmNanos) - postgresNanos);
    }

    public long group(String name) {
        return jvmThreadGroups.getOrDefault(name, 0L);
    }
}
