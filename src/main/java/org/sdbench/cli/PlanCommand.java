package org.sdbench.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.apptier.process.ExitCode;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.measure.metrics.Throughput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "plan",
        aliases = "validate",
        mixinStandardHelpOptions = true,
        description = "Validate the configuration, print it, and what it implies (Little's law).")
final class PlanCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Option(
            names = "--at",
            paramLabel = "SECONDS",
            defaultValue = "1.0",
            description =
                    "Average dialog response time to assume for the expected throughput (default ${DEFAULT-VALUE}).")
    double responseSeconds;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        SdbenchConfig c = options.load();
        PrintWriter out = spec.commandLine().getOut();
        out.print(ConfigLoader.toYaml(c));
        var a = c.appServer();
        double z = c.workload().thinkTime().toNanos() / 1e9;
        double dsh = Throughput.expectedDialogStepsPerHour(c.run().users(), z, responseSeconds);
        out.println();
        out.printf(
                "users %d on %d instance(s) x %d dialog + %d update work processes (%d DB connections)%n",
                c.run().users(),
                a.instances(),
                a.dialogWorkProcesses(),
                a.updateWorkProcesses(),
                a.instances() * a.connectionsPerInstance());
        out.printf(
                "expected at R = %.2f s, Z = %.2f s: %,.0f dialog steps/h, %,.0f line items/h, %,.0f SAPS-like (not certified)%n",
                responseSeconds, z, dsh, Throughput.lineItemsPerHour(dsh), Throughput.sapsLike(dsh));
        return ExitCode.OK;
    }
}
