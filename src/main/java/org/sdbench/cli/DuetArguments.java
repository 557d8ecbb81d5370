package org.sdbench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.study.experiment.Duet;
import org.sdbench.study.experiment.Variant;

/**
 * The {@code sdbench run} arguments of a duet side's simulator: this command's configuration file,
 * workload and every override, then the variant's, its run's name and the experiment's run folder;
 * the data set is checked by the experiment before the first round, so the run does not load.
 */
final class DuetArguments implements Duet.Arguments {
    private final ConfigOptions options;
    private final List<String> phases;
    private final int intervalSeconds;
    private final Path folder;

    DuetArguments(ConfigOptions options, List<String> phases, int intervalSeconds, Path folder) {
        this.options = options;
        this.phases = List.copyOf(phases);
        this.intervalSeconds = intervalSeconds;
        this.folder = folder;
    }

    @Override
    public List<String> of(Variant v, int round) {
        List<String> a = new ArrayList<>();
        if (options.config != null) {
            a.add("--config");
            a.add(options.config.toAbsolutePath().toString());
        }
        if (options.workload != null) {
            a.add("--workload");
            a.add(options.workload.toAbsolutePath().toString());
        }
        List<String> sets = new ArrayList<>(options.sets);
        if (options.users != null) {
            sets.add("run.users=" + options.users);
        }
        sets.addAll(phases);
        sets.addAll(v.overrides());
        sets.add("name=" + v.name() + "-r" + round);
        sets.add("run.resultsDir=" + folder.resolve("runs").toAbsolutePath());
        for (String s : sets) {
            a.add("--set");
            a.add(s);
        }
        a.add("--interval");
        a.add(Integer.toString(intervalSeconds));
        a.add("--accept-errors");
        a.add("--no-load");
        return a;
    }
}
