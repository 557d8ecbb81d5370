package org.sdbench.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.config.Durations;
import org.sdbench.study.bench.BenchSetup;
import org.sdbench.study.bench.UsersBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "users",
        mixinStandardHelpOptions = true,
        description =
                "Many users with a long think time, steps without SQL or configured CPU: think-time lag "
                        + "and live heap. Target: lag p99 < 5 ms (250,000 users with 300 s think time in a 1 GiB heap: the issue's figure). One user count per run (heap figures need a fresh JVM).")
final class BenchUsersCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Option(
            names = "--think",
            paramLabel = "DURATION",
            defaultValue = "10s",
            description = "Think time (default ${DEFAULT-VALUE}).")
    String think;

    @Option(
            names = "--ramp-up",
            paramLabel = "DURATION",
            description = "Log-on spread (default: twice the think time, so steps are even).")
    String rampUp;

    @Mixin
    BenchWindowOption window;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        var z = Durations.parse("--think", think);
        var up = rampUp != null ? Durations.parse("--ramp-up", rampUp) : z.multipliedBy(2);
        var w = window.window();
        PrintWriter out = spec.commandLine().getOut();
        return BenchSetup.run(
                options,
                null,
                20_000,
                false,
                true,
                out,
                c -> {},
                (c, db, runner, o) -> new UsersBench(runner, o)
                        .run(new UsersBench.Options(
                                c.run().users(),
                                z,
                                up,
                                w,
                                c.appServer(),
                                c.workload(),
                                c.run().seed())));
    }
}
