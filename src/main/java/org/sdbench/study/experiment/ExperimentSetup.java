package org.sdbench.study.experiment;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import org.sdbench.config.ConfigException;
import org.sdbench.config.Durations;
import org.sdbench.config.Numbers;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.load.DataSet;
import org.sdbench.report.RunFolder;
import org.sdbench.run.RunPreflight;

/**
 * What an experiment needs before its first run: every run's configuration derived from the
 * baseline's, checked; its folder; the server settings opened and the data set of its largest
 * variant loaded.
 */
public final class ExperimentSetup {
    private final SdbenchConfig base;
    private final ExperimentPlan plan;
    private final Path folder;

    /** {@code base}: the configuration after every file and flag, before any variant's changes. */
    public ExperimentSetup(SdbenchConfig base, ExperimentPlan plan, Path folder) {
        this.base = base;
        this.plan = plan;
        this.folder = folder;
    }

    /** The experiment's folder: under {@code dir}, else experiments/ beside run.resultsDir. */
    public static Path folder(Path dir, SdbenchConfig base, String name) {
        Path parent = dir != null
                ? dir
                : Path.of(base.run().resultsDir()).toAbsolutePath().resolveSibling("experiments");
        return parent.resolve(RunFolder.name(LocalDateTime.now(), name));
    }

    /** --effect: a percentage such as 5%, as a fraction. */
    public static double effect(String text) {
        String t = text.strip();
        String digits = t.endsWith("%") ? t.substring(0, t.length() - 1).strip() : "";
        if (Numbers.isDecimal(digits) && Double.isFinite(Double.parseDouble(digits))) {
            return Double.parseDouble(digits) / 100;
        }
        throw new ConfigException("'--effect' = '" + text + "' is not allowed: a percentage such as 5%");
    }

    /**
     * A variant's run configuration: its changes after every file and flag, its own name, results
     * in the experiment; round 0 is the discarded warm-up run.
     */
    public SdbenchConfig config(Variant v, int round) {
        return base.withSets(v.overrides())
                .with("name", v.name() + (round == 0 ? "-warmup" : "-r" + round))
                .with("run.resultsDir", folder.resolve("runs").toString());
    }

    /**
     * Checks every variant's configuration and the folder's parent ({@code dirKey} names it), opens
     * the server settings, loads the data set of the variant with the most users when missing and
     * creates the folder; the settings are put back when any of it fails.
     */
    public ServerSettings prepare(String dirKey, String restartCommand, PrintWriter out) throws InterruptedException {
        SdbenchConfig largest = null;
        for (Variant v : plan.variants()) {
            SdbenchConfig c = config(v, 1);
            RunPreflight.settings(c);
            largest = largest == null || c.run().users() > largest.run().users() ? c : largest;
        }
        RunFolder.requireWritable(dirKey, folder);
        ServerSettings settings = ServerSettings.open(base.database(), plan, restartCommand);
        try {
            new DataSet(settings.apply(plan.baseline()), largest, out).ensureLoaded(true);
            create(folder);
        } catch (RuntimeException | InterruptedException e) {
            try {
                settings.close();
            } catch (RuntimeException notBack) {
                e.addSuppressed(notBack);
            }
            throw e;
        }
        return settings;
    }

    /**
     * The alternate design cuts the window into sub-windows at interval harvests: each lasts a whole
     * number of intervals, at least two (the first settles), and the window holds one block at least.
     *
     * @param switchEvery the option's text, for the message
     */
    public void alternating(int intervalSeconds, String switchEvery) {
        if (!(plan.design() instanceof Design.Alternate a)) {
            return;
        }
        long every = a.switchEvery().toMillis();
        long interval = intervalSeconds * 1000L;
        ConfigException.require(
                every % interval == 0 && every >= 2 * interval,
                "--switch-every",
                switchEvery,
                "a whole number of --interval (" + intervalSeconds + " s), at least two: the first interval"
                        + " after a switch settles and is not measured");
        long block = every * plan.variants().size();
        ConfigException.require(
                base.run().duration().toMillis() >= block,
                "run.duration",
                Durations.format(base.run().duration()),
                "at least one block of --design alternate (" + plan.variants().size() + " variants x --switch-every "
                        + switchEvery + "); several blocks give several pairs per round");
    }

    private static void create(Path folder) {
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new EnvironmentException("cannot create the experiment folder " + folder + " (" + e.getMessage()
                    + "): choose another --dir");
        }
    }
}
