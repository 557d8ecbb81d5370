package org.sdbench.measure.environment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The network settings the 2003 benchmark tuned (socket buffer limits up to 256 KB; SACK and timestamps
 * off) and their neighbours, as this host has them. A value this process cannot read is absent.
 */
public final class NetworkSysctls {
    static final List<String> NAMES = List.of(
            "net.core.rmem_max",
            "net.core.wmem_max",
            "net.core.rmem_default",
            "net.core.wmem_default",
            "net.core.netdev_max_backlog",
            "net.core.somaxconn",
            "net.ipv4.tcp_rmem",
            "net.ipv4.tcp_wmem",
            "net.ipv4.tcp_sack",
            "net.ipv4.tcp_timestamps",
            "net.ipv4.tcp_window_scaling",
            "net.ipv4.tcp_congestion_control",
            "net.ipv4.tcp_slow_start_after_idle",
            "net.ipv4.tcp_keepalive_time",
            "net.ipv4.ip_local_port_range");

    private NetworkSysctls() {}

    public static Map<String, String> read() {
        return read(Path.of("/proc/sys"));
    }

    static Map<String, String> read(Path procSys) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : NAMES) {
            Path p = procSys.resolve(name.replace('.', '/'));
            try {
                // multi-value files separate by tabs: one space reads better in reports
                out.put(name, Files.readString(p).trim().replaceAll("\\s+", " "));
            } catch (IOException | SecurityException e) {
                // not exposed here (container, other OS): left out, and the report shows what is there
            }
        }
        return out;
    }
}
