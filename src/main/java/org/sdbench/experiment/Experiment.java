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
import org.sdbench.stats.Counterbalance;

/**
 * The experiment's lifecycle: a discarded warm-up run, then rounds of every variant once in a
 * counterbalanced order (two variants alternate AB/BA from a random start), each run on a settled
 * database with its variant's settings in force; after every round a look (the analysis, a progress
 * table and experiment.json); the end at the first look where every confirmatory figure is decided
 * or at the round cap (see {@link StopRule}). Settings are put back however it ends.
 */
public final class Experiment {
    /** The result and the exit code: 0 ran to its end, 130 interrupted. */
    public record Outcome(ExperimentResult result, int exitCode) {}

    /** Rounds are numbered from 1; the warm-up run goes before them as round 0. */
    static final int WARM_UP = 0;

    private final ExperimentPlan plan;
    private final BiFunction<Variant, Integer, SdbenchConfig> configs;
    private final RunEngine engine;
    private final Path dir;
    private final RunLog log;
    private final PrintWriter out;
    private final StopRule rule;
    private final Repeats repeats;
    private final List<RunSample> samples = new ArrayList<>();
    private final List<RunReport> reports = new ArrayList<>();
    private final List<ExperimentResult.Round> rounds = new ArrayList<>();
    private String host;
    private RunSample warmUp;
    /** The figures, the samples' values and the last look. */
    private Judged judged;

    private record Judged(List<Figure> figures, List<RunSample> valued, Analysis.Outcome analysis) {}

    /**
     * @param configs the configuration of a variant's run in a round (its overrides applied, its own
     *                name, results under this experiment's folder); round 0 is the warm-up
     */
    public Experiment(
            ExperimentPlan plan,
            BiFunction<Variant, Integer, SdbenchConfig> configs,
            RunEngine engine,
            Path dir,
            PrintWriter out) {
        this(plan, configs, engine, dir, out, Repeats.of(Repeats.DEFAULT));
    }

    /** @param repeats how a round with a disturbed run is repeated */
    public Experiment(
            ExperimentPlan plan,
            BiFunction<Variant, Integer, SdbenchConfig> configs,
            RunEngine engine,
            Path dir,
            PrintWriter out,
            Repeats repeats) {
        this.plan = plan;
        this.repeats = repeats;
        this.configs = configs;
        this.engine = engine;
        this.dir = dir;
        this.out = out;
        this.log = new RunLog(dir, out);
        this.rule = new StopRule(plan);
    }

    public Outcome run(ServerSettings settings) throws InterruptedException {
        String started = OffsetDateTime.now().toString();
        judged = judge(0).judged();
        Counterbalance orders = new Counterbalance(plan.variants().size(), plan.seed());
        ExperimentTable.header(plan, settings.describe(), rule.describe(), dir, out);
        String stopped = null;
        int exit = 0;
        try (ExperimentHook hook = new ExperimentHook();
                settings) {
            try {
                // What the first run of round 1 follows: a run of its own variant, as every later round's first run
                // does.
                Variant first = orders.order(1, plan.variants()).get(0);
                Run w = runOnce(settings, first, WARM_UP, 0, hook);
                warmUp = w == null ? null : w.sample();
                if (hook.interrupted()) {
                    stopped = "interrupted in the warm-up run (Ctrl-C): no round ran";
                    exit = 130;
                }
                for (int round = 1; round <= plan.maxRounds() && stopped == null; round++) {
                    List<Variant> order = orders.order(round, plan.variants());
                    Played played = play(settings, round, order, hook);
                    if (hook.interrupted()) {
                        stopped = "interrupted in round " + round + " (Ctrl-C): that round is left out";
                        exit = 130;
                        break;
                    }
                    rounds.add(played.round(round, order));
                    played.runs().forEach(r -> {
                        samples.add(r.sample());
                        reports.add(r.report());
                    });
                    Looked look = judge(round);
                    judged = look.judged();
                    stopped = look.stop();
                    ExperimentTable.progress(round, plan, judged.analysis(), out);
                    if (stopped == null) {
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

    private record Run(RunSample sample, RunReport report, List<Disturbance> disturbances) {}

    /** A round as kept: the last attempt's runs, and every run of the attempts that ran again. */
    private record Played(List<Run> runs, int repeats, Repeats.Attempt last, List<Repeats.DisturbedRun> replaced) {
        ExperimentResult.Round round(int round, List<Variant> order) {
            return new ExperimentResult.Round(
                    round,
                    order.stream().map(Variant::name).toList(),
                    runs.stream().map(Run::sample).toList(),
                    repeats,
                    last.runs(repeats, false),
                    replaced);
        }
    }

    /** Runs a round's order; a round with a disturbed run runs again, whole and in the same order (see {@link Repeats}). */
    private Played play(ServerSettings settings, int round, List<Variant> order, ExperimentHook hook)
            throws InterruptedException {
        List<Repeats.DisturbedRun> replaced = new ArrayList<>();
        for (int a = 0; ; a++) {
            List<Run> runs = new ArrayList<>();
            for (int i = 0; i < order.size() && !hook.interrupted(); i++) {
                Run r = runOnce(settings, order.get(i), round, i + 1, hook);
                if (r != null) {
                    runs.add(r);
                }
            }
            Repeats.Attempt attempt = new Repeats.Attempt(
                    runs.stream().map(Run::sample).toList(),
                    runs.stream().map(Run::disturbances).toList());
            if (hook.interrupted() || !repeats.again(round, a, attempt, out)) {
                return new Played(runs, a, attempt, replaced);
            }
            replaced.addAll(attempt.runs(a, true));
        }
    }

    /** One run, or null when Ctrl-C ended it (it is not a sample). */
    private Run runOnce(ServerSettings settings, Variant v, int round, int position, ExperimentHook hook)
            throws InterruptedException {
        SdbenchConfig c = configs.apply(v, round);
        if (round == WARM_UP) {
            log.warmingUp(v);
        } else {
            log.starting(round, position, plan.variants().size(), v);
        }
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
        return new Run(s, o.report(), repeats.judge().of(o.report(), env == null ? null : env.calibration()));
    }

    private List<Figure> figures() {
        for (int i = 0; i < samples.size(); i++) {
            if (samples.get(i).variant().equals(plan.baseline().name())) {
                return Figure.of(reports.get(i));
            }
        }
        return Figure.fixed();
    }

    /** The samples with every figure's value and count, now that the figures are known (statements from the baseline's first run). */
    private List<RunSample> valued(List<Figure> figures) {
        List<RunSample> out = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            RunSample s = samples.get(i);
            RunReport r = reports.get(i);
            Map<String, Double> values = new LinkedHashMap<>();
            Map<String, Long> counts = new LinkedHashMap<>();
            for (Figure f : figures) {
                values.put(f.name(), f.value().apply(r));
                if (f.count() != null) {
                    counts.put(f.name(), f.count().counted().apply(r));
                }
            }
            out.add(new RunSample(
                    s.round(),
                    s.position(),
                    s.variant(),
                    s.folder(),
                    s.exitCode(),
                    s.workUnitsPerCpuSecond(),
                    values,
                    counts));
        }
        return out;
    }

    private record Looked(Judged judged, String stop) {}

    private Looked judge(int round) {
        List<Figure> figures = figures();
        List<RunSample> valued = valued(figures);
        StopRule.Look look = rule.after(round, Comparison.byRound(plan, figures, valued));
        return new Looked(new Judged(figures, valued, look.outcome()), round == 0 ? null : look.stop());
    }

    private ExperimentResult result(String started, String stopped, List<String> settings, Judged j) {
        List<RunSample> valued = j.valued();
        Analysis.Outcome a = j.analysis();
        List<ExperimentResult.Round> withValues = rounds.stream()
                .map(r -> r.withRuns(
                        valued.stream().filter(s -> s.round() == r.round()).toList()))
                .toList();
        SdbenchConfig base = configs.apply(plan.baseline(), 1);
        List<String> family = j.figures().stream()
                .filter(f -> f.kind() == Figure.Kind.PRIMARY)
                .map(Figure::name)
                .toList();
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
                base.appServer().layout().yamlName(),
                "rounds",
                family,
                rule.describe());
        return new ExperimentResult(
                ExperimentResult.SCHEMA_VERSION,
                RunReport.NOTE,
                plan.name(),
                started,
                stopped == null ? null : OffsetDateTime.now().toString(),
                host,
                p,
                settings,
                errorControl(family.size()),
                stopped,
                warmUp,
                withValues,
                a.figures(),
                a.omitted(),
                notes(Notes.of(plan, a, valued), withValues));
    }

    private static List<String> notes(List<String> notes, List<ExperimentResult.Round> rounds) {
        String repeated = Repeats.note(rounds);
        if (repeated == null) {
            return notes;
        }
        List<String> out = new ArrayList<>(notes);
        out.add(repeated);
        return out;
    }

    private static String errorControl(int primary) {
        return "confirmatory family: the " + primary + " primary figures of each alternative against the baseline;"
                + " Holm within it, family-wise 5 % per comparison for 'changed' and for 'unchanged', spent over the"
                + " looks by the stop rule; secondary and statement figures are descriptive, each its own test at 5 %";
    }
}
