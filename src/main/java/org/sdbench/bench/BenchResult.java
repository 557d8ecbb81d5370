package org.sdbench.bench;

import org.sdbench.metrics.Summary;

/**
 * What one measured run produced, for its measurement window only.
 *
 * @param heapBaselineBytes used heap after GC once the app tier started, before any user logged on
 * @param heapAfterGcBytes used heap after GC at the end of the window, all users logged on (-1: not measured)
 * @param updateDbCalls SQL statements the update task sent in the window (COMMITs included)
 * @param roundTrips DB round trips of the whole process in the window (dialog, update, sweeps)
 * @param runSteps dialog steps of the whole run, every phase, failed ones included
 */
public record BenchResult(
        RunSpec spec,
        Summary summary,
        CpuWindow cpu,
        long heapBaselineBytes,
        long heapAfterGcBytes,
        long updateDbCalls,
        long roundTrips,
        long runSteps) {

    /** Dialog steps executed in the window, failed ones included (they cost CPU too). */
    public long steps() {
        return summary.overall().count() + summary.overall().errors();
    }

    public double stepsPerSecond() {
        return summary.windowSeconds() <= 0 ? 0 : steps() / summary.windowSeconds();
    }

    /** JVM CPU per dialog step in microseconds (everything this process did, divided by steps). */
    public double jvmMicrosPerStep() {
        return steps() == 0 || cpu.jvmNanos() < 0 ? Double.NaN : cpu.jvmNanos() / 1e3 / steps();
    }

    /** CPU the work processes burned on purpose (the configured ABAP work), in nanoseconds. */
    public long configuredCpuNanos() {
        return Math.round(
                summary.overall().avg().cpuMs() * 1e6 * summary.overall().count());
    }

    /** JVM CPU per step without the configured CPU work: the simulator's own overhead. */
    public double overheadMicrosPerStep() {
        return steps() == 0 || cpu.jvmNanos() < 0
                ? Double.NaN
                : (cpu.jvmNanos() - configuredCpuNanos()) / 1e3 / steps();
    }

    public double groupMicrosPerStep(String group) {
        return steps() == 0 ? Double.NaN : cpu.group(group) / 1e3 / steps();
    }

    /** Heap each logged-on user adds, in bytes (-1 when the heap was not measured). */
    public long heapBytesPerUser() {
        return heapAfterGcBytes < 0 ? -1 : (heapAfterGcBytes - heapBaselineBytes) / spec.users();
    }

    /**
     * SQL statements sent in the window: DB round trips of successful dialog steps and of the
     * update task, each COMMIT included and a JDBC batch counted once (it is one round trip).
     */
    public long sqlStatements() {
        return Math.round(summary.overall().dbCallsPerStep() * summary.overall().count()) + updateDbCalls;
    }

    /** All JVM CPU per SQL statement in microseconds (NaN without SQL). */
    public double jvmMicrosPerStatement() {
        long n = sqlStatements();
        return n == 0 || cpu.jvmNanos() < 0 ? Double.NaN : cpu.jvmNanos() / 1e3 / n;
    }

    /** The simulator's own CPU (configured work excluded) over the CPU of its database's backends. */
    public double overheadToDbRatio() {
        return cpu.dbBackendNanos() <= 0 || cpu.jvmNanos() < 0
                ? Double.NaN
                : (cpu.jvmNanos() - configuredCpuNanos()) / (double) cpu.dbBackendNanos();
    }
}
