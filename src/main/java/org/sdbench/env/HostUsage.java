package org.sdbench.env;

/**
 * CPU use during the measurement window, in percent of the host's capacity (100 = every logical
 * CPU busy). The DB server's figure sums the local postgres processes that lived through the
 * window and is null when the database is on another host; {@code databaseBackendsCpuPercent} only
 * the backends of the benchmark's database (null when not sampled), the figure to trust on a server
 * shared with other databases. {@code stealPercent} is the time a hypervisor ran other guests while
 * this one wanted the CPU (null where /proc/stat does not say); it is part of the busy figure.
 */
public record HostUsage(
        double seconds,
        int logicalCpus,
        Double hostBusyPercent,
        double simulatorCpuPercent,
        Double dbServerCpuPercent,
        String note,
        Double databaseBackendsCpuPercent,
        Double stealPercent) {}
