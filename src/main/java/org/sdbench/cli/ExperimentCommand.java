package org.sdbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.experiment.Experiment;
import org.sdbench.experiment.ExperimentPlan;
import org.sdbench.experiment.ExperimentSetup;
import org.sdbench.experiment.ExperimentTable;
import org.sdbench.experiment.ServerSettings;
import org.sdbench.experiment.Variant;
import org.sdbench.process.ConfigOptions;
import org.sdbench.run.RunEngine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "experiment",
        mixinStandardHelpOptions = true,
        description =
                "Does a change help, beyond the noise? Runs a baseline and one or more variants (database settings "
                        + "db.NAME=VALUE, or any sdbench key) in rounds after a discarded warm-up run, each round every variant "
                        + "once in a counterbalanced order (AB, BA, ...), each run on a restarted server and reset data; judges "
                        + "every figure on its pairs (the runs of a round), the primary ones per alternative as one family (Holm, "
                        + "5 %% spent over the looks), states each figure's minimum detectable effect, and stops at the first look "
                        + "where the primary figures are decided or at --max-rounds. Writes "
                        + "experiments/<time>-<name>/ (experiment.json, experiment.html, every run's folder). Exit 0 when it ran to "
                        + "its end whatever the verdicts, 2 bad options, 3 a run or the database failed, 130 Ctrl-C; the "
                        + "database's settings are put back in every case.")
final class ExperimentCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Mixin
    PhaseOptions phases;

    @Option(
            names = "--variant",
            required = true,
            paramLabel = "NAME:KEY=VALUE[,KEY=VALUE...]",
            description = "A variant, repeatable; the first is the baseline ('base:' for the configuration as it is). "
                    + "db.NAME=VALUE is a server setting (e.g. small:db.shared_buffers=16MB), any other key an sdbench "
                    + "key (e.g. three:appServer.layout=three-tier).")
    List<String> variants = new ArrayList<>();

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "3",
            description = "The first look: least rounds before the experiment may stop (default ${DEFAULT-VALUE}). "
                    + "Equal to --max-rounds: one look, at the full 5 %%.")
    int rounds;

    @Option(
            names = "--max-rounds",
            paramLabel = "M",
            defaultValue = "10",
            description = "The last look: most rounds, the experiment stops here with figures still undecided (default "
                    + "${DEFAULT-VALUE}).")
    int maxRounds;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Seed of the counterbalanced order: which variant starts, and the Williams design for more "
                    + "than two (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--effect",
            paramLabel = "PERCENT",
            defaultValue = "5%",
            description =
                    "The smallest change that matters: 'unchanged' means two one-sided t tests show the change lies "
                            + "within +-PERCENT (default ${DEFAULT-VALUE}). Compare it with the MDE the experiment prints: a "
                            + "figure noisier than this stays undecided.")
    String effect;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "The experiment's name (default: the configuration's).")
    String name;

    @Option(
            names = "--db-restart-command",
            paramLabel = "COMMAND",
            description = "Shell command that restarts an external PostgreSQL and returns once it accepts connections; "
                    + "needed when a db.* setting takes effect only after a restart (e.g. shared_buffers), and then run "
                    + "before every run; given without such a setting, every run starts from a restart too. The embedded "
                    + "server is restarted by sdbench before every run.")
    String restartCommand;

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            description = "Where experiment folders go (default: experiments/ beside run.resultsDir).")
    Path dir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        List<Variant> parsed = variants.stream().map(Variant::parse).toList();
        SdbenchConfig base = options.load(phases.overrides());
        ExperimentPlan plan = new ExperimentPlan(
                name != null ? name : base.name(), parsed, rounds, maxRounds, seed, ExperimentSetup.effect(effect));
        Path folder = ExperimentSetup.folder(dir, base, plan.name());
        PrintWriter out = spec.commandLine().getOut();
        ExperimentSetup setup = new ExperimentSetup(base, plan, folder);
        ServerSettings settings = setup.prepare(dir != null ? "--dir" : "run.resultsDir", restartCommand, out);
        RunEngine engine =
                new RunEngine(RunEngine.Options.of(phases.intervalSeconds).acceptingErrors(true));
        var outcome = new Experiment(plan, setup::config, engine, folder, out).run(settings);
        ExperimentTable.print(outcome.result(), out);
        out.println("experiment: " + folder.resolve("experiment.json").toAbsolutePath());
        out.println("plot:       " + folder.resolve("experiment.html").toAbsolutePath());
        out.flush();
        return outcome.exitCode();
    }
}
