package org.sdbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.config.ConfigException;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.run.RunEngine;
import org.sdbench.run.RunOptions;
import org.sdbench.study.experiment.Experiment;
import org.sdbench.study.experiment.ExperimentPlan;
import org.sdbench.study.experiment.ExperimentSetup;
import org.sdbench.study.experiment.ExperimentTable;
import org.sdbench.study.experiment.Repeats;
import org.sdbench.study.experiment.ServerSettings;
import org.sdbench.study.experiment.Variant;
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
            paramLabel = "NAME:KEY=VALUE[,KEY=VALUE...]",
            description = "A variant, repeatable; the first is the baseline ('base:' for the configuration as it is). "
                    + "db.NAME=VALUE is a server setting (e.g. small:db.shared_buffers=16MB), any other key an sdbench "
                    + "key (e.g. three:appServer.layout=three-tier).")
    List<String> variants = new ArrayList<>();

    @Mixin
    DesignOptions design;

    @Mixin
    PlanOptions planning;

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
        if (planning.asked()) {
            ConfigException.require(
                    variants.isEmpty(),
                    "--variant",
                    String.join(" ", variants),
                    "no variant with --plan: it starts no run");
            planning.print(design.effect(), spec.commandLine().getOut());
            return 0;
        }
        ConfigException.require(
                !variants.isEmpty(),
                "--variant",
                "none",
                "the baseline first (e.g. --variant base:), then one or more alternatives; or --plan --from DIR");
        List<Variant> parsed = variants.stream().map(Variant::parse).toList();
        SdbenchConfig base = options.load(phases.overrides());
        ExperimentPlan plan = design.plan(name != null ? name : base.name(), parsed);
        Path folder = ExperimentSetup.folder(dir, base, plan.name());
        PrintWriter out = spec.commandLine().getOut();
        ExperimentSetup setup = new ExperimentSetup(base, plan, folder);
        setup.alternating(phases.intervalSeconds, design.switchEvery);
        ServerSettings settings = setup.prepare(dir != null ? "--dir" : "run.resultsDir", restartCommand, out);
        RunEngine engine = new RunEngine(RunOptions.of(phases.intervalSeconds).acceptingErrors(true));
        var outcome = new Experiment(plan, setup::config, engine, folder, out, Repeats.of(design.maxRepeats))
                .withSimulators(new DuetArguments(options, phases.overrides(), phases.intervalSeconds, folder))
                .run(settings);
        ExperimentTable.print(outcome.result(), out);
        out.println("experiment: " + folder.resolve("experiment.json").toAbsolutePath());
        out.println("plot:       " + folder.resolve("experiment.html").toAbsolutePath());
        out.flush();
        return outcome.exitCode();
    }
}
