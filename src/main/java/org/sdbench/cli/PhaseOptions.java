package org.sdbench.cli;

import java.util.ArrayList;
import java.util.List;
import org.sdbench.config.ConfigException;
import picocli.CommandLine.Option;

/** The phase flags of commands that run users (run, sweep): sugar for --set run.* plus the interval. */
final class PhaseOptions {
    @Option(names = "--duration", paramLabel = "DURATION", description = "Measurement window (run.duration), e.g. 5m.")
    String duration;

    @Option(names = "--ramp-up", paramLabel = "DURATION", description = "Ramp-up (run.rampUp).")
    String rampUp;

    @Option(names = "--ramp-down", paramLabel = "DURATION", description = "Ramp-down (run.rampDown).")
    String rampDown;

    @Option(
            names = "--interval",
            paramLabel = "SECONDS",
            defaultValue = "10",
            description = "Progress and intervals.csv resolution in seconds (default ${DEFAULT-VALUE}).")
    int intervalSeconds;

    /** The flags as configuration overrides, applied after every file. */
    List<String> overrides() {
        if (intervalSeconds < 1) {
            throw new ConfigException("'--interval' = " + intervalSeconds + " is not allowed: 1 or more seconds");
        }
        List<String> out = new ArrayList<>();
        if (duration != null) {
            out.add("run.duration=" + duration);
        }
        if (rampUp != null) {
            out.add("run.rampUp=" + rampUp);
        }
        if (rampDown != null) {
            out.add("run.rampDown=" + rampDown);
        }
        return out;
    }
}
