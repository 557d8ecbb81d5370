package org.sdbench.cli;

import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.apptier.process.DbNiping;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.ConfigException;
import org.sdbench.config.SdbenchConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "db",
        mixinStandardHelpOptions = true,
        description = "The database's round trip: SELECT 1 on one connection, min/avg/max (through the network.appToDb "
                + "relay when one is configured).")
final class NipingDbCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConfigOptions options;

    @Option(
            names = {"-L", "--loops"},
            defaultValue = "1000",
            description = "Round trips (default ${DEFAULT-VALUE}).")
    int loops;

    @Override
    public Integer call() {
        if (loops < 1 || loops > 10_000_000) {
            throw new ConfigException("'--loops' = " + loops + " is not allowed: 1 to 10000000");
        }
        SdbenchConfig c = options.load();
        spec.commandLine().getOut().println(DbNiping.line(c, loops));
        return ExitCode.OK;
    }
}
