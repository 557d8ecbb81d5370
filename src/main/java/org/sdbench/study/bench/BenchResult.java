package org.sdbench.study.bench;

import org.sdbench.measure.metrics.Summary;

/**
 * What one measured run produced, for its measurement window only.
 *
 * @param heapBaselineBytes used heap after GC once the app tier started, before any user logged on
 * @param heapAfterGcBytes used heap after GC at the end of the window, all users logged on (-1: not measured)
 * @param updateDbCalls SQL statements the update task's committed parts sent in the window (COMMITs included),
 *     every instance's in either layout
 * @param roundTrips DB round trips of every instance's sessions in the window (dialog, update, sweeps)
 * @param runSteps dialog steps of the whole run, every phase, failed ones included
 * @param appServerNanos CPU of the app-server processes in the window, from their own samples (-1: two-tier)
 * @param centralNanos CPU of the central services' process in the window (-1: two-tier)
 */
public record BenchResult(
        RunSpec spec,
        Summary summary,
        CpuWindow cpu,
        long heapBaselineBytes,
        long heapAfterGcBytes,
        long updateDbCalls,
        long roundTrips,
        long runSteps,
        long appServerNanos,
        long centralNanos) {

    /** The app tier ran as separate processes, whose CPU this JVM's figures do not hold. */
    public boolean threeTier() {
        return appServerNanos >= 0;
    }

    /**
     * CPU of every sdbench process of the run in the window: this JVM, and in three-tier the
     * app servers and central services too (-1 when this JVM's is unavailable).
     */
    public long simulatorNanos() {
        return cpu.jvmNanos() < 0 ? -1 : cpu.jvmNanos() + Math.max(0, appServerNanos) + Math.max(0, centralNanos);
    }

    /** The app-server processes' CPU per dialog step in microseconds (NaN in two-tier). */
    public double appServerMicrosPerStep() {
        return steps() == 0 || appServerNanos < 0 ? Double.NaN : appServerNanos / 1e3 / steps();
    }

    /** The central services' CPU per dialog step in microseconds (NaN in two-tier). */
    public double centralMicrosPerStep() {
        return steps() == 0 || centralNanos < 0 ? Double.NaN : centralNanos / 1e3 / steps();
    }

    /**
     * The JIT compilers of the app-server and central-services processes as a share of their CPU in
     * the window (NaN in two-tier): new JVMs each round, warmed only by the round's ramp-up.
     */
    public double tierJitShare() {
        long tier = Math.max(0, appServerNanos) + Math.max(0, centralNanos);
        return !threeTier() || tier <= 0 ? Double.NaN : (double) cpu.childJitNanos() / tier;
    }

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

    /** Simulator CPU per step (every sdbench process) without the configured CPU work: its own overhead. */
    public double overheadMicrosPerStep() {
        return steps() == 0 || simulatorNanos() < 0
                ? Double.NaN
                : (simulatorNanos() - configuredCpuNanos()) / 1e3 / steps();
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

    /**
     * All the simulator's CPU per SQL statement in microseconds: this JVM's, and in three-tier the app
     * servers' and central services' too (NaN without SQL).
     */
    public double simulatorMicrosPerStatement() {
        long n = sqlStatements();
        return n == 0 || simulatorNanos() < 0 ? Double.NaN : simulatorNanos() / 1e3 / n;
    }

    /** The simulator's own CPU (configured work excluded) over the CPU of its database's backends. */
    public double overheadToDbRatio() {
        return cpu.dbBackendNanos() <= 0 || simulatorNanos() < 0
                ? Double.NaN
                : (simulatorNanos() - configuredCpuNanos()) / (double) cpu.dbBackendNanos();
    }
}
