package org.sdbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.process.ConfigOptions;
import org.sdbench.process.ExitCode;
import org.sdbench.run.AppTiers;
import org.sdbench.sweep.Sweep;
import org.sdbench.sweep.SweepPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "sweep",
        mixinStandardHelpOptions = true,
        description =
                "Capacity sizing: run successive user levels on one data set and find the most users whose average dialog response time stays under --limit. Each level is a full run (its own folder); sweep.json, sweep.html and the terminal table show the capacity curve, the interpolated maximum and a queueing-model prediction beside it. An interrupted sweep continues with --resume.")
final class SweepCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Option(
            names = "--levels",
            paramLabel = "LIST",
            description = "User levels: '10,20,40' or a range '10..150/10'. Default: automatic search for the knee.")
    String levels;

    @Option(
            names = "--limit",
            paramLabel = "DURATION",
            defaultValue = "1s",
            description = "Average dialog response time limit (default ${DEFAULT-VALUE}; the 2003 benchmark used 2s).")
    String limit;

    @Option(
            names = "--start",
            paramLabel = "N",
            defaultValue = "10",
            description = "First level of the automatic search.")
    int start;

    @Option(
            names = "--max-users",
            paramLabel = "N",
            defaultValue = "2000",
            description = "Most users the automatic search may try (the data set is loaded for this many).")
    int maxUsers;

    @Option(
            names = "--precision",
            paramLabel = "FRACTION",
            defaultValue = "0.1",
            description =
                    "Automatic search stops when the bracket around the knee is this narrow (default ${DEFAULT-VALUE}).")
    double precision;

    @Option(
            names = "--reset",
            paramLabel = "MODE",
            defaultValue = "truncate",
            description =
                    "Between levels: 'truncate' removes the documents and restores stock so levels compare; 'none' lets tables grow.")
    String reset;

    @Option(
            names = "--resume",
            paramLabel = "DIR",
            description = "Continue the sweep in this folder from its last finished level.")
    Path resume;

    @Mixin
    PhaseOptions phases;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (!reset.equals("truncate") && !reset.equals("none")) {
            throw new ConfigException("'--reset' = '" + reset + "' is not allowed: truncate or none");
        }
        double limitSeconds = Durations.parse("--limit", limit).toNanos() / 1e9;
        if (limitSeconds <= 0) {
            throw new ConfigException("'--limit' = '" + limit + "' is not allowed: a duration above 0, such as 1s");
        }
        SweepPlan plan = levels == null
                ? SweepPlan.automatic(start, limitSeconds, precision, maxUsers)
                : SweepPlan.parse(levels);
        List<String> extra = new ArrayList<>(phases.overrides());
        extra.add("run.users=" + plan.maxUsers());
        SdbenchConfig base = options.load(extra);
        AppTiers.requireSupported(base);
        PrintWriter out = spec.commandLine().getOut();
        new Sweep(base, plan, limitSeconds, reset.equals("truncate"), phases.intervalSeconds, resume, out)
                .run(db -> new DataSetCheck(db, base, out).ensureLoaded(true));
        return ExitCode.OK;
    }
}
