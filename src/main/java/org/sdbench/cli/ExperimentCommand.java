package org.sdbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.config.ConfigException;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.experiment.Design;
import org.sdbench.experiment.Experiment;
import org.sdbench.experiment.ExperimentPlan;
import org.sdbench.experiment.ExperimentSetup;
import org.sdbench.experiment.ExperimentTable;
import org.sdbench.experiment.Repeats;
import org.sdbench.experiment.RoundsPlan;
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
            names = "--max-repeats",
            paramLabel = "N",
            defaultValue = "2",
            description = "How often a round runs again, whole and in the same order, when one of its runs was "
                    + "disturbed (CPU steal, other load on the host, a calibration warning); once spent, the round is "
                    + "kept and marked disturbed. 0 keeps every round as it ran (default ${DEFAULT-VALUE}).")
    int maxRepeats;

    @Option(
            names = "--plan",
            description = "Starts no run: from the experiment in --from (an A/A pilot, or the rounds so far), prints "
                    + "for each primary figure the spread of its pairs' log ratios, the MDE now and the rounds --effect "
                    + "needs at 80 %% power, at the level the verdict uses.")
    boolean plan;

    @Option(
            names = "--from",
            paramLabel = "DIR",
            description = "With --plan: the experiment folder (with experiment.json) to plan from.")
    Path from;

    @Option(
            names = "--json",
            description = "With --plan: print the plan as JSON (machine output) instead of the table.")
    boolean json;

    @Option(
            names = "--design",
            paramLabel = "DESIGN",
            defaultValue = "rounds",
            description =
                    "How a round is measured and paired: rounds (every variant's run in turn; the runs of a round are"
                            + " a pair), alternate (one run per round, db.* settings switched inside it every --switch-every in an"
                            + " ABBA pattern; adjacent sub-windows are a pair; reload settings only) or duet (two servers at once)"
                            + " (default ${DEFAULT-VALUE}).")
    String design;

    @Option(
            names = "--switch-every",
            paramLabel = "DURATION",
            description = "With --design alternate: how long each variant's settings stay in force inside a run before"
                    + " they switch (e.g. 20s); a whole number of --interval, at least two (the first settles).")
    String switchEvery;

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
        if (plan || from != null || json) {
            return plan();
        }
        ConfigException.require(
                !variants.isEmpty(),
                "--variant",
                "none",
                "the baseline first (e.g. --variant base:), then one or more alternatives; or --plan --from DIR");
        List<Variant> parsed = variants.stream().map(Variant::parse).toList();
        SdbenchConfig base = options.load(phases.overrides());
        ExperimentPlan plan = new ExperimentPlan(
                name != null ? name : base.name(),
                parsed,
                rounds,
                maxRounds,
                seed,
                ExperimentSetup.effect(effect),
                Design.of(design, switchEvery));
        Path folder = ExperimentSetup.folder(dir, base, plan.name());
        PrintWriter out = spec.commandLine().getOut();
        ExperimentSetup setup = new ExperimentSetup(base, plan, folder);
        setup.alternating(phases.intervalSeconds, switchEvery);
        ServerSettings settings = setup.prepare(dir != null ? "--dir" : "run.resultsDir", restartCommand, out);
        RunEngine engine =
                new RunEngine(RunEngine.Options.of(phases.intervalSeconds).acceptingErrors(true));
        var outcome = new Experiment(plan, setup::config, engine, folder, out, Repeats.of(maxRepeats))
                .withSimulators(new DuetArguments(options, phases.overrides(), phases.intervalSeconds, folder))
                .run(settings);
        ExperimentTable.print(outcome.result(), out);
        out.println("experiment: " + folder.resolve("experiment.json").toAbsolutePath());
        out.println("plot:       " + folder.resolve("experiment.html").toAbsolutePath());
        out.flush();
        return outcome.exitCode();
    }

    /** --plan: reads an experiment folder, prints the rounds needed; starts no run. */
    private int plan() {
        ConfigException.require(plan, json ? "--json" : "--from", "given", "only with --plan");
        ConfigException.require(from != null, "--plan", "without --from", "--plan --from DIR (an experiment folder)");
        ConfigException.require(
                variants.isEmpty(),
                "--variant",
                String.join(" ", variants),
                "no variant with --plan: it starts no run");
        RoundsPlan.from(from, ExperimentSetup.effect(effect))
                .print(spec.commandLine().getOut(), json);
        return 0;
    }
}
