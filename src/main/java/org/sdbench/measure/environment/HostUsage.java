package org.sdbench.measure.environment;

/**
 * CPU use during the measurement window, in percent of the host's capacity (100 = every logical
 * CPU busy). The DB server's figure is the run's own PostgreSQL cluster (its postmaster, the
 * processes it runs and those it reaped during the window, the speed probe's CPU left out) and is
 * null when it cannot be sampled ({@code note} says why); {@code databaseBackendsCpuPercent} only
 * the running backends of the benchmark's database in that cluster (null when not sampled or when
 * one ended in the window).
 *
 * {@code stealPercent} is the time a hypervisor ran other guests while this one wanted the CPU
 * (null where /proc/stat does not say); it is part of the busy figure.
 *
 * @param dbSpeed the DB host's speed from the window's speed probe; null when no probe ran
 */
public record HostUsage(
        double seconds,
        int logicalCpus,
        Double hostBusyPercent,
        double simulatorCpuPercent,
        Double dbServerCpuPercent,
        String note,
        Double databaseBackendsCpuPercent,
        DbSpeed dbSpeed,
        Double stealPercent) {}
