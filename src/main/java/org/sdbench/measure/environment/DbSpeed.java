package org.sdbench.measure.environment;

/**
 * The database host's speed during the window, from a fixed SQL computation run a few times on a
 * connection of its own: rows of {@code sum(i * i)} over {@code generate_series} per second.
 *
 * @param rowsPerCpuSecond median over the probes of rows per CPU second of the probe's backend
 *     (/proc/PID/schedstat); null when the server is not on this host. Per CPU second, not per wall
 *     second, because it scales CPU figures: it does not move with how busy the host's CPUs are.
 * @param rowsPerWallSecond median over the probes of rows per second of the statement's elapsed
 *     time at the client: the only figure for a server on another host; it includes queueing
 * @param referenceRowsPerCpuSecond the fixed speed normalised figures are stated at
 * @param probes how many probes ran
 * @param rowsPerProbe the fixed work of one probe
 * @param probeCpuMs the probes' backend CPU over the window, left out of the DB CPU figures (null
 *     when not measured)
 * @param note why a figure is missing, or null
 */
public record DbSpeed(
        Double rowsPerCpuSecond,
        Double rowsPerWallSecond,
        double referenceRowsPerCpuSecond,
        int probes,
        long rowsPerProbe,
        Double probeCpuMs,
        String note) {
    /** CPU ms at this host's speed expressed at the reference speed; null without a CPU-second speed. */
    public Double atReferenceSpeed(Double cpuMs) {
        return cpuMs == null || rowsPerCpuSecond == null ? null : cpuMs * rowsPerCpuSecond / referenceRowsPerCpuSecond;
    }
}
