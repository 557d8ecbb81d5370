package org.sdbench.experiment;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.db.Database;
import org.sdbench.env.Environment;
import org.sdbench.load.Settle;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReport;
import org.sdbench.run.RunEngine;

/**
 * The experiment's lifecycle: rounds of every variant once, in a fresh random order per round, each
 * run on a settled database with its variant's settings in force; after every round the analysis,
 * a progress table and experiment.json; the end when every primary figure is decided (after the
 * minimum rounds) or at the round cap. Settings are put back however it ends.
 */
public final class Experiment {
    /** The result and the exit code: 0 ran to its end, 130 interrupted. */
    public record Outcome(ExperimentResult result, int exitCode) {}

    private final ExperimentPlan plan;
    private final BiFunction<Variant, Integer, SdbenchConfig> configs;
    private final RunEngine engine;
    private final Path dir;
    private final RunLog log;
    private final PrintWriter out;
    private final List<RunSample> samples = new ArrayList<>();
    private final List<RunReport> reports = new ArrayList<>();
    private final List<ExperimentResult.Round> rounds = new ArrayList<>();
    private String host;
    /** The figures, the samples' values and the analysis as of the last finished round. */
    private Judged judged;

    private record Judged(List<RunSample> valued, Analysis.Outcome analysis) {}

    /**
     * @param configs the configuration of a variant's run in a round (its overrides applied, its own
     *                name, results under this experiment's folder)
     */
    public Experiment(
            ExperimentPlan plan,
            BiFunction<Variant, Integer, SdbenchConfig> configs,
            RunEngine engine,
            Path dir,
            PrintWriter out) {
        this.plan = plan;
        this.configs = configs;
        this.engine = engine;
        this.dir = dir;
        this.out = out;
        this.log = new RunLog(dir, out);
    }

    public Outcome run(ServerSettings settings) throws InterruptedException {
        String started = OffsetDateTime.now().toString();
        judged = judge();
        RoundOrder orders = new RoundOrder(plan.seed());
        ExperimentTable.header(plan, settings.describe(), dir, out);
        String stopped = null;
        int exit = 0;
        try (ExperimentHook hook = new ExperimentHook();
                settings) {
            try {
                for (int round = 1; round <= plan.maxRounds() && stopped == null; round++) {
                    List<Variant> order = orders.of(round, plan.variants());
                    List<RunSample> runs = new ArrayList<>();
                    for (int i = 0; i < order.size() && !hook.interrupted(); i++) {
                        RunSample s = runOnce(settings, order.get(i), round, i + 1, hook);
                        if (s != null) {
                            runs.add(s);
                        }
                    }
                    if (hook.interrupted()) {
                        stopped = "interrupted in round " + round + " (Ctrl-C): that round is left out";
                        exit = 130;
                        break;
                    }
                    rounds.add(new ExperimentResult.Round(
                            round, order.stream().map(Variant::name).toList(), runs));
                    samples.addAll(runs);
                    judged = judge();
                    ExperimentTable.progress(round, plan, judged.analysis(), out);
                    if (round >= plan.minRounds() && judged.analysis().primaryDecided()) {
                        stopped = "every primary figure decided after " + round + " rounds";
                    } else if (round == plan.maxRounds()) {
                        stopped = "the round cap (" + plan.maxRounds() + ") was reached with figures still undecided";
                    } else {
                        // Written after every round, so an experiment that dies keeps what it measured.
                        ExperimentStore.save(dir, result(started, null, settings.describe(), judged));
                    }
                }
            } catch (EnvironmentException e) {
                ExperimentStore.save(dir, result(started, "failed: " + e.getMessage(), settings.describe(), judged));
                throw e;
            }
            ExperimentResult r = result(started, stopped, settings.describe(), judged);
            ExperimentStore.save(dir, r);
            ExperimentStore.saveHtml(dir, r);
            return new Outcome(r, exit);
        }
    }

    /** One run, or null when Ctrl-C ended it (it is not a sample). */
    private RunSample runOnce(ServerSettings settings, Variant v, int round, int position, ExperimentHook hook)
            throws InterruptedException {
        SdbenchConfig c = configs.apply(v, round);
        log.starting(round, position, plan.variants().size(), v);
        Database db = settings.apply(v);
        Settle.before(db);
        RunEngine.Outcome o;
        try (PrintWriter w = log.writer(round, v)) {
            o = engine.execute(c, db, w);
        }
        if (o.exitCode() == 130) {
            hook.interrupt();
            return null;
        }
        RunFolder.Loaded loaded = RunFolder.read(o.folder());
        // Runs of one experiment must share the host class (CPU, logical CPUs, memory; not the host name).
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
        reports.add(o.report());
        RunSample s = new RunSample(
                round,
                position,
                v.name(),
                dir.relativize(o.folder().toAbsolutePath()).toString(),
                o.exitCode(),
                o.report().work() == null ? null : o.report().work().runUnitsPerCpuSecond(),
                Map.of());
        log.finished(s, o.report());
        return s;
    }

    private List<Figure> figures() {
        for (int i = 0; i < samples.size(); i++) {
            if (samples.get(i).variant().equals(plan.baseline().name())) {
                return Figure.of(reports.get(i));
            }
        }
        return Figure.fixed();
    }

    /** The samples with every figure's value, now that the figures are known (statements from the baseline's first run). */
    private List<RunSample> valued(List<Figure> figures) {
        List<RunSample> out = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            RunSample s = samples.get(i);
            RunReport r = reports.get(i);
            Map<String, Double> values = new LinkedHashMap<>();
            figures.forEach(f -> values.put(f.name(), f.value().apply(r)));
            out.add(new RunSample(
                    s.round(), s.position(), s.variant(), s.folder(), s.exitCode(), s.workUnitsPerCpuSecond(), values));
        }
        return out;
    }

    private Judged judge() {
        List<Figure> figures = figures();
        List<RunSample> valued = valued(figures);
        return new Judged(valued, Analysis.of(plan, figures, valued));
    }

    private ExperimentResult result(String started, String stopped, List<String> settings, Judged j) {
        List<RunSample> valued = j.valued();
        Analysis.Outcome a = j.analysis();
        List<ExperimentResult.Round> withValues = rounds.stream()
                .map(r -> new ExperimentResult.Round(
                        r.round(),
                        r.order(),
                        valued.stream().filter(s -> s.round() == r.round()).toList()))
                .toList();
        SdbenchConfig base = configs.apply(plan.baseline(), 1);
        var p = new ExperimentResult.Plan(
                plan.variants().stream().map(ExperimentResult.PlanVariant::of).toList(),
                plan.minRounds(),
                plan.maxRounds(),
                plan.seed(),
                plan.effect(),
                base.run().rampUp().toMillis() / 1000.0,
                base.run().duration().toMillis() / 1000.0,
                base.run().users(),
                base.run().workload(),
                base.appServer().layout().yamlName());
        return new ExperimentResult(
                ExperimentResult.SCHEMA_VERSION,
                RunReport.NOTE,
                plan.name(),
                started,
                stopped == null ? null : OffsetDateTime.now().toString(),
                host,
                p,
                settings,
                "Holm's step-down over all " + a.judged()
                        + " judged figures of all alternatives: family-wise error rate " + (int) (Analysis.ALPHA * 100)
                        + " % for the 'changed' verdicts",
                stopped,
                withValues,
                a.figures(),
                a.omitted(),
                Notes.of(plan, a, valued));
    }
}
