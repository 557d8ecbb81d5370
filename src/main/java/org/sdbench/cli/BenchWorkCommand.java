package org.sdbench.cli;

import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.ConfigException;
import org.sdbench.study.bench.WorkBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "work",
        mixinStandardHelpOptions = true,
        description = "Simulated ABAP work without database: work units per second with one and with all cores busy, "
                + "in alternating rounds. Target: all cores >= 0.9 x cores x one core (2 cores: >= 1.8x). Run it on a "
                + "quiet host: other load takes the cores away.")
final class BenchWorkCommand implements Callable<Integer> {
    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "3",
            description = "Rounds (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--phase",
            paramLabel = "DURATION",
            defaultValue = "2s",
            description = "Length of each one-core and all-cores phase (default ${DEFAULT-VALUE}).")
    String phase;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        var d = CalibrateCommand.phase(phase);
        if (rounds < 1 || rounds > 100) {
            throw new ConfigException("'--rounds' = " + rounds + " is not allowed: 1 to 100");
        }
        return new WorkBench(spec.commandLine().getOut()).run(rounds, d.toNanos())
                ? ExitCode.OK
                : ExitCode.FAILED_CHECK;
    }
}
