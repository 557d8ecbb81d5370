package org.sdbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.ConfigException;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.Durations;
import org.sdbench.core.EnvironmentException;
import org.sdbench.measure.environment.Calibration;
import org.sdbench.measure.environment.CalibrationProbe;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "calibrate",
        mixinStandardHelpOptions = true,
        description = {
            "This host's speed at simulated ABAP work: work units per second per core with one core busy "
                    + "and with all cores busy, and per CPU second of each work kind, with CPU model, governor and frequency. "
                    + "Stored in $SDBENCH_HOME/" + CalibrationProbe.FILE
                    + " for the runs on this host (environment.json, "
                    + "summary, report).",
            "Work is counted in units, never in time: a dialog step's units are the same on every host, this "
                    + "figure says how long they take here."
        })
final class CalibrateCommand implements Callable<Integer> {
    @Option(
            names = "--phase",
            paramLabel = "DURATION",
            defaultValue = "1500ms",
            description = "Length of the one-core and the all-cores measurement (default ${DEFAULT-VALUE}).")
    String phase;

    @Option(names = "--no-store", description = "Print only; do not store the result for later runs.")
    boolean noStore;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        var d = phase(phase);
        PrintWriter out = spec.commandLine().getOut();
        Calibration c = CalibrationProbe.measure(d.toNanos(), "sdbench calibrate");
        print(c, out);
        if (!noStore) {
            Path home = DatabaseConfig.stateHome();
            try {
                CalibrationProbe.store(home, c);
            } catch (IOException e) {
                throw new EnvironmentException("storing the calibration in " + home + " failed: " + e.getMessage());
            }
            out.println("stored        " + home.resolve(CalibrationProbe.FILE));
        }
        out.flush();
        return ExitCode.OK;
    }

    /** A measurement phase from the command line: long enough to count, short enough to wait for. */
    static Duration phase(String value) {
        var d = Durations.parse("--phase", value);
        if (d.toMillis() < 100 || d.toSeconds() > 60) {
            throw new ConfigException("'--phase' = " + value + " is not allowed: 100ms to 60s");
        }
        return d;
    }

    static void print(Calibration c, PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "host          %s, %d logical CPUs, governor %s, %s%n",
                c.cpuModel(),
                c.logicalCpus(),
                c.governor() == null ? "not readable" : c.governor(),
                c.frequencyMhz() == null
                        ? "frequency not readable"
                        : String.format(Locale.ROOT, "%.0f MHz", c.frequencyMhz()));
        StringBuilder kinds = new StringBuilder();
        c.unitsPerCpuSecondByKind()
                .forEach((k, v) -> kinds.append(String.format(Locale.ROOT, "  %s %.3f M", k, v / 1e6)));
        out.println("per kind     " + kinds + " units per CPU second");
        out.printf(
                Locale.ROOT,
                "one core      %.3f M units/s (%.3f M per CPU second)%n",
                c.unitsPerSecondOneCore() / 1e6,
                c.unitsPerCpuSecond() / 1e6);
        out.printf(
                Locale.ROOT,
                "all %d cores   %.3f M units/s per core, %.3f M in total: %.2fx one core%n",
                c.logicalCpus(),
                c.unitsPerSecondPerCoreAllBusy() / 1e6,
                c.unitsPerSecondPerCoreAllBusy() * c.logicalCpus() / 1e6,
                c.scaling());
        c.warnings().forEach(w -> out.println("WARNING " + w));
    }
}
