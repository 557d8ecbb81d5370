package org.sdbench.config;

import java.time.Duration;

/**
 * Users and phases of one run. Only the measurement window ({@link #duration}) counts.
 *
 * @param customizingChangeEvery how often a buffered customizing entry is changed during the run
 *     (the buffers drop its table at their next synchronisation); zero = never
 * @param cpuSplit whether the database and the simulator run on separate CPUs
 */
public record RunConfig(
        int users,
        Duration rampUp,
        Duration duration,
        Duration rampDown,
        long seed,
        String workload,
        String resultsDir,
        RunRules rules,
        Duration customizingChangeEvery,
        CpuSplitMode cpuSplit) {

    public RunConfig {
        ConfigException.require(users >= 1 && users <= 1_000_000, "run.users", users, "1 to 1000000");
        ConfigException.require(rampUp != null && !rampUp.isNegative(), "run.rampUp", rampUp, "a duration >= 0");
        ConfigException.require(
                duration != null && duration.toMillis() >= 1,
                "run.duration",
                duration,
                "a duration of at least 1ms, such as 60s");
        ConfigException.require(
                rampDown != null && !rampDown.isNegative(), "run.rampDown", rampDown, "a duration >= 0");
        ConfigException.require(
                workload != null && !workload.isBlank(),
                "run.workload",
                workload,
                "the path of a workload file such as workloads/sd-standard.yaml");
        ConfigException.require(
                resultsDir != null && !resultsDir.isBlank(), "run.resultsDir", resultsDir, "a directory path");
        ConfigException.require(rules != null, "run.rules", null, "sd, sd-pre2009 or none");
        ConfigException.require(
                customizingChangeEvery != null
                        && (customizingChangeEvery.isZero() || customizingChangeEvery.toMillis() >= 100),
                "run.customizingChangeEvery",
                customizingChangeEvery == null ? null : Durations.format(customizingChangeEvery),
                "0 (never) or a duration of at least 100ms");
        ConfigException.require(cpuSplit != null, "run.cpuSplit", null, "none or auto");
    }

    /** This configuration with another number of users, validated as any other. */
    public RunConfig withUsers(int n) {
        return new RunConfig(
                n, rampUp, duration, rampDown, seed, workload, resultsDir, rules, customizingChangeEvery, cpuSplit);
    }

    /** This configuration with other phases. */
    public RunConfig withPhases(Duration up, Duration window, Duration down) {
        return new RunConfig(
                users, up, window, down, seed, workload, resultsDir, rules, customizingChangeEvery, cpuSplit);
    }

    /** This configuration writing its run folders under another directory. */
    public RunConfig withResultsDir(String dir) {
        return new RunConfig(
                users, rampUp, duration, rampDown, seed, workload, dir, rules, customizingChangeEvery, cpuSplit);
    }

    /** This configuration with another seed of the users' random choices. */
    public RunConfig withSeed(long s) {
        return new RunConfig(
                users, rampUp, duration, rampDown, s, workload, resultsDir, rules, customizingChangeEvery, cpuSplit);
    }
}
