package org.sdbench.cli;

import java.time.Duration;
import org.sdbench.config.Durations;
import picocli.CommandLine.Option;

/** The measurement window of the bench commands that measure one window of a minute by default (saturation, users). */
final class BenchWindowOption {
    @Option(
            names = "--window",
            paramLabel = "DURATION",
            defaultValue = "60s",
            description = "Measurement window (default ${DEFAULT-VALUE}).")
    String window;

    Duration window() {
        return Durations.parse("--window", window);
    }
}
