package org.sdbench.protocol.wire;

import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;

/**
 * Which process ran where, its host's logical CPUs (its "% of host" is relative to them), and the
 * CPU it has used so far: part of every stats reply, so the run
 * folder can say where each tier ran and what it cost.
 */
public record ProcessInfo(String role, String host, long pid, String version, long cpuNanos, int cores) {

    /** This process, now. */
    public static ProcessInfo current(String role) {
        return new ProcessInfo(
                role,
                hostName(),
                ProcessHandle.current().pid(),
                Handshake.version(),
                processCpuNanos(),
                Runtime.getRuntime().availableProcessors());
    }

    public static long processCpuNanos() {
        return ProcessHandle.current()
                .info()
                .totalCpuDuration()
                .map(Duration::toNanos)
                .orElse(-1L);
    }

    static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    public WireOut write(WireOut o) {
        return o.str(role).str(host).i64(pid).str(version).i64(cpuNanos).i32(cores);
    }

    public static ProcessInfo read(WireIn in) {
        return new ProcessInfo(
                in.str("process.role", Limits.NAME_BYTES),
                in.str("process.host", Limits.NAME_BYTES),
                in.count("process.pid"),
                in.str("process.version", Limits.NAME_BYTES),
                in.i64(),
                in.i32("process.cores", 1, 1 << 16));
    }
}
