package org.sdbench.study.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** All CPUs of the host from the first line of {@code /proc/stat}, in clock ticks. */
public record MachineCpu(long totalTicks, long idleTicks) {

    public static final MachineCpu UNKNOWN = new MachineCpu(0, 0);

    /**
     * Parses "cpu user nice system idle iowait irq softirq steal guest guest_nice". Guest time is
     * already inside user time, so only the first eight fields are summed; iowait counts as idle.
     */
    public static MachineCpu parse(String firstLine) {
        String[] f = firstLine.trim().split("\\s+");
        if (f.length < 9 || !f[0].equals("cpu")) {
            throw new IllegalArgumentException("not the summary line of /proc/stat: " + firstLine);
        }
        long total = 0;
        for (int i = 1; i <= 8; i++) {
            total += Long.parseLong(f[i]);
        }
        return new MachineCpu(total, Long.parseLong(f[4]) + Long.parseLong(f[5]));
    }

    public static MachineCpu read() {
        try (var lines = Files.lines(Path.of("/proc/stat"))) {
            return lines.findFirst().map(MachineCpu::parse).orElse(UNKNOWN);
        } catch (IOException | IllegalArgumentException e) {
            // Not Linux: machine-wide figures are reported as unknown, the JVM's own CPU still is.
            return UNKNOWN;
        }
    }

    public long busyTicks() {
        return totalTicks - idleTicks;
    }
}
