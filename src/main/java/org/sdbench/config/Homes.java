package org.sdbench.config;

import java.nio.file.Path;

/**
 * The two places sdbench looks, each named by one setting read only here: the installation (its
 * config/ and workloads/, the {@code sdbench.home} property the {@code ./sdbench} launcher passes) and
 * the state kept between runs ({@code $SDBENCH_HOME}: embedded server, wire token, calibration).
 */
public final class Homes {
    private Homes() {}

    /** Where relative config and workload paths are found when not in the working directory. */
    public static Path installation() {
        String h = System.getProperty("sdbench.home");
        return h == null || h.isBlank() ? Path.of("") : Path.of(h);
    }

    /** $SDBENCH_HOME, else ~/.local/share/sdbench. */
    public static Path state() {
        String home = System.getenv("SDBENCH_HOME");
        return home != null && !home.isBlank()
                ? Path.of(home)
                : Path.of(System.getProperty("user.home"), ".local", "share", "sdbench");
    }
}
