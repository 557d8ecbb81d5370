package org.sdbench.study.experiment;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.load.Settle;
import org.sdbench.measure.environment.Environment;
import org.sdbench.report.IntervalRow;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReport;
import org.sdbench.run.RunEngine;
import org.sdbench.run.StudyHook;

/**
 * One run of an experiment, for every design: the variant's settings in force, a settled database,
 * the run's output to its log, and the check that every run ran on the host class of the first.
 */
final class ExperimentRuns {
    private final BiFunction<Variant, Integer, SdbenchConfig> configs;
    private final RunEngine engine;
    private final Path dir;
    private final RunLog log;
    private final int variants;
    private final Repeats.Judge disturbed;
    private String host;

    /** @param disturbed what disturbed a run, from its report and the calibration it used */
    ExperimentRuns(
            BiFunction<Variant, Integer, SdbenchConfig> configs,
            RunEngine engine,
            Path dir,
            RunLog log,
            int variants,
            Repeats.Judge disturbed) {
        this.configs = configs;
        this.disturbed = disturbed;
        this.engine = engine;
        this.dir = dir;
        this.log = log;
        this.variants = variants;
    }

    /** A run that acts on none of its intervals. */
    static final Function<Database, Consumer<IntervalRow>> NO_LISTENER = db -> row -> {};

    /** The host class every run ran on; null before the first run. */
    String host() {
        return host;
    }

    /** The configuration of a variant's run in a round (round 0: the warm-up). */
    SdbenchConfig config(Variant v, int round) {
        return configs.apply(v, round);
    }

    /**
     * One run of {@code v} (whose settings go in force first), or null when Ctrl-C ended it (it is
     * not a sample; the hook is told).
     *
     * @param onInterval given the database once the settings are in force: what sees every interval of the run
     *                   as it is harvested
     */
    RoundRunner.MeasuredRun run(
            ServerSettings settings,
            Variant v,
            int round,
            int position,
            StudyHook hook,
            Function<Database, Consumer<IntervalRow>> onInterval)
            throws InterruptedException {
        SdbenchConfig c = configs.apply(v, round);
        if (round == Experiment.WARM_UP) {
            log.warmingUp(v);
        } else {
            log.starting(round, position, variants, v);
        }
        Database db = settings.apply(v);
        Settle.before(db);
        Consumer<IntervalRow> listener = onInterval.apply(db);
        RunEngine.Outcome o;
        try (PrintWriter w = log.writer(round, v)) {
            o = engine.execute(c, db, w, listener);
        }
        if (o.exitCode() == 130) {
            hook.interrupt();
            return null;
        }
        Environment env = sameHost(o);
        RunSample s = new RunSample(
                round,
                position,
                v.name(),
                dir.relativize(o.folder().toAbsolutePath()).toString(),
                o.exitCode(),
                o.report().work() == null ? null : o.report().work().runUnitsPerCpuSecond(),
                Map.of(),
                Map.of());
        log.finished(s, o.report());
        return new RoundRunner.MeasuredRun(
                s, o.report(), disturbed.of(o.report(), env == null ? null : env.calibration()));
    }

    /** Runs of one experiment must share the host class (CPU, logical CPUs, memory; not the host name). */
    private Environment sameHost(RunEngine.Outcome o) {
        RunFolder.Loaded loaded = RunFolder.read(o.folder());
        Environment env = loaded.environment();
        String h =
                env == null || env.host() == null ? "unknown host" : env.host().identity();
        if (host == null) {
            host = h;
        } else if (!host.equals(h)) {
            throw new EnvironmentException(
                    "run " + o.folder() + " ran on another host class (" + h + ") than the experiment's"
                            + " first run (" + host + "): runs from different hosts are not one experiment");
        }
        return env;
    }

    /** A figure's value and count in one run's report. */
    static Double value(Figure f, RunReport r) {
        return r == null ? null : f.value().apply(r);
    }

    static Long count(Figure f, RunReport r) {
        return r == null || f.count() == null ? null : f.count().counted().apply(r);
    }
}
