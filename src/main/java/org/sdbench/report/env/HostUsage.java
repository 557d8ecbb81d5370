package org.sdbench.report.env;

/**
 * CPU use during the measurement window, in percent of the host's capacity (100 = every logical
 * CPU busy). The DB server's figure sums the local postgres processes that lived through the
 * window and is null when the database is on another host.
 */
public record HostUsage(double seconds, int logicalCpus, Double hostBusyPercent, double simulatorCpuPercent,
                        Double dbServerCpuPercent, String note) {
}
