package org.sdbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.config.Durations;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.report.RunFolder;
import org.sdbench.run.RunPreflight;
import org.sdbench.study.sweep.Sweep;
import org.sdbench.study.sweep.SweepOptions;
import org.sdbench.study.sweep.SweepPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "sweep",
        mixinStandardHelpOptions = true,
        description =
                "Capacity sizing: the most users whose average dialog response time stays under --limit, with a 95 %% "
                        + "interval. A search (or --levels) brackets the knee with one run per level; then rounds of the three "
                        + "levels around it, each round every level once in counterbalanced order on reset data, until the "
                        + "interval is narrower than --precision or --max-runs/--budget is spent. A queueing model fitted on the "
                        + "low levels is checked on a level it did not see, and a sizing statement follows. Writes sweep.json, "
                        + "sweep.html and every run's folder; --resume continues an interrupted sweep with its rounds. Exit 0 "
                        + "when it ran to its end, 2 bad options, 3 the database failed, 130 Ctrl-C.")
final class SweepCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Option(
            names = "--levels",
            paramLabel = "LIST",
            description = "Search levels: '10,20,40' or a range '10..150/10'. Default: automatic search for the knee.")
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
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "3",
            description =
                    "Least rounds of the levels around the knee, so each runs at least N times (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--precision",
            paramLabel = "PERCENT",
            defaultValue = "10%",
            description =
                    "Stop when the capacity's 95 %% interval is narrower than this share of it (default ${DEFAULT-VALUE}).")
    String precision;

    @Option(
            names = "--max-runs",
            paramLabel = "N",
            defaultValue = "40",
            description =
                    "Most measured runs, search included (default ${DEFAULT-VALUE}); no round starts that would pass it.")
    int maxRuns;

    @Option(
            names = "--budget",
            paramLabel = "DURATION",
            description =
                    "Most wall time for the whole sweep, e.g. 3h; no round starts that its runs' pace says would pass it.")
    String budget;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Seed of the rounds' counterbalanced order (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--reset",
            paramLabel = "MODE",
            defaultValue = "truncate",
            description =
                    "Before each run: 'truncate' removes the documents and restores stock so runs compare; 'none' lets tables grow.")
    String reset;

    @Option(
            names = "--resume",
            paramLabel = "DIR",
            description = "Continue the sweep in this folder with the runs and rounds it finished.")
    Path resume;

    @Mixin
    PhaseOptions phases;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        double limitSeconds = SweepOptions.limitSeconds(reset, limit, rounds, maxRuns);
        Duration time = budget == null ? null : Durations.parse("--budget", budget, Duration.ofMinutes(1));
        SweepPlan plan = levels == null ? SweepPlan.automatic(start, limitSeconds, maxUsers) : SweepPlan.parse(levels);
        List<String> extra = new ArrayList<>(phases.overrides());
        extra.add("run.users=" + plan.maxUsers());
        SdbenchConfig base = options.load(extra);
        RunPreflight.settings(base);
        RunFolder.requireWritable(
                resume != null ? "--resume" : "run.resultsDir",
                resume != null ? resume : Path.of(base.run().resultsDir()));
        PrintWriter out = spec.commandLine().getOut();
        var o = new Sweep.Options(
                limitSeconds,
                reset.equals("truncate"),
                phases.intervalSeconds,
                rounds,
                SweepOptions.fraction(precision),
                maxRuns,
                time,
                seed,
                resume);
        return new Sweep(base, plan, o, out, Clock.systemUTC()).run().exitCode();
    }
}
