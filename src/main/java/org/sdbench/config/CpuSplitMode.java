package org.sdbench.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/**
 * Whether a run puts the database and the simulator on separate CPUs ({@code run.cpuSplit}), so
 * that neither takes the other's CPU time: tuning runs then see the database's own cost.
 */
public enum CpuSplitMode {
    /** Every process runs wherever the scheduler puts it. */
    NONE,
    /**
     * Where the host allows it (Linux, at least 2 CPUs for this process, {@code taskset}, a local
     * PostgreSQL whose postmaster is found), the database's processes get the first half of this
     * process's CPUs (rounded down) and the simulator the rest, from the run's start to its end; where
     * not, one warning line and the run goes on without the split.
     */
    AUTO;

    /** Accepts the spelling used in YAML and on the command line, in either case. */
    @JsonCreator
    public static CpuSplitMode parse(String text) {
        String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(v -> v.name().equals(t))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("'" + text + "' is not allowed: one of "
                        + Arrays.stream(values()).map(CpuSplitMode::yamlName).toList()));
    }

    @JsonValue
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
