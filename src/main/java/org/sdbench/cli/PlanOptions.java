package org.sdbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.sdbench.config.ConfigException;
import org.sdbench.study.experiment.RoundsPlan;
import picocli.CommandLine.Option;

/** experiment --plan: the rounds an effect needs, from an experiment already run; starts no run. */
final class PlanOptions {
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

    /** Whether any of the plan's options was given. */
    boolean asked() {
        return plan || from != null || json;
    }

    /** Prints the rounds {@code effect} needs, from the experiment in --from. */
    void print(double effect, PrintWriter out) {
        ConfigException.require(plan, json ? "--json" : "--from", "given", "only with --plan");
        ConfigException.require(from != null, "--plan", "without --from", "--plan --from DIR (an experiment folder)");
        RoundsPlan.from(from, effect).print(out, json);
    }
}
