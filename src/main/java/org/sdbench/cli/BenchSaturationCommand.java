package org.sdbench.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.config.Durations;
import org.sdbench.study.bench.BenchSetup;
import org.sdbench.study.bench.SaturationBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "saturation",
        mixinStandardHelpOptions = true,
        description = "The SD transactions with a short think time: where the host CPU goes (this JVM, "
                + "PostgreSQL, the rest) over the window. Exit 1 when the simulator used more CPU than PostgreSQL.")
final class BenchSaturationCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Option(
            names = "--think",
            paramLabel = "DURATION",
            defaultValue = "50ms",
            description = "Think time (default ${DEFAULT-VALUE}).")
    String think;

    @Option(
            names = "--ramp-up",
            paramLabel = "DURATION",
            defaultValue = "10s",
            description = "Ramp-up (default ${DEFAULT-VALUE}).")
    String rampUp;

    @Mixin
    BenchWindowOption window;

    @Option(
            names = "--keep-cpu",
            description = "Keep the workload's configured work per step and update module (default: none).")
    boolean keepCpu;

    @Option(
            names = "--layout",
            paramLabel = "two-tier|three-tier",
            description =
                    "Where the app tier runs: in this JVM, or as app-server processes (default: appServer.layout of the configuration).")
    String layout;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        var z = Durations.parse("--think", think);
        var up = Durations.parse("--ramp-up", rampUp);
        var w = window.window();
        PrintWriter out = spec.commandLine().getOut();
        return BenchSetup.run(
                options,
                layout,
                100,
                true,
                true,
                out,
                c -> {},
                (c, db, runner, o) -> new SaturationBench(runner, o)
                        .run(new SaturationBench.Options(
                                c.run().users(),
                                z,
                                up,
                                w,
                                keepCpu,
                                c.appServer(),
                                c.workload(),
                                c.run().seed())));
    }
}
