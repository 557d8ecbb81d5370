package org.sdbench.study.experiment;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.measure.stats.Counterbalance;
import org.sdbench.report.RunReport;
import org.sdbench.run.RunEngine;
import org.sdbench.run.StudyHook;

/**
 * The experiment's lifecycle, one for every design: a discarded warm-up run, then rounds, each
 * measured by the design ({@link RoundRunner}) from a counterbalanced order of the variants (two
 * variants alternate AB/BA from a random start), each run on a settled database with its variant's
 * settings in force; after every round a look (the analysis, a progress table and experiment.json);
 * the end at the first look where every confirmatory figure is decided or at the round cap (see
 * {@link StopRule}). Settings are put back however it ends.
 */
public final class Experiment {
    /** The result and the exit code: 0 ran to its end, 130 interrupted. */
    public record Outcome(ExperimentResult result, int exitCode) {}

    /** Rounds are numbered from 1; the warm-up run goes before them as round 0. */
    static final int WARM_UP = 0;
    /** How long Ctrl-C's shutdown waits for experiment.json and every setting put back. */
    static final Duration SETTINGS_BOUND = Duration.ofSeconds(180);

    private final ExperimentPlan plan;
    private final BiFunction<Variant, Integer, SdbenchConfig> configs;
    private final ExperimentRuns runs;
    private final Path dir;
    private final PrintWriter out;
    private final StopRule rule;
    private final Repeats repeats;
    private final int intervalSeconds;
    private final List<RunSample> samples = new ArrayList<>();
    private final List<RunReport> reports = new ArrayList<>();
    private final List<Played> kept = new ArrayList<>();
    private RunSample warmUp;
    private Duet.Arguments simulators;
    /** The design's runner, from the start of {@link #run}. */
    private RoundRunner runner;
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
        this.dir = dir;
        this.out = out;
        this.intervalSeconds = engine.options().intervalSeconds();
        int runsPerRound =
                plan.design() instanceof Design.Alternate ? 1 : plan.variants().size();
        this.runs = new ExperimentRuns(configs, engine, dir, new RunLog(dir, out), runsPerRound, repeats.judge());
        this.rule = new StopRule(plan);
    }

    /**
     * How the duet design starts each side's simulator (its own {@code sdbench run}); other designs run
     * in this process.
     */
    public Experiment withSimulators(Duet.Arguments arguments) {
        this.simulators = arguments;
        return this;
    }

    /** The design's way of measuring a round: the one place designs differ. */
    private RoundRunner runner(ServerSettings settings, StudyHook hook) {
        return switch (plan.design()) {
            case Design.Rounds r -> new RoundsRunner(runs, settings, hook, plan.baseline());
            case Design.Alternate a -> new AlternateRunner(plan, a, runs, settings, hook, intervalSeconds);
            case Design.Duet d ->
                new DuetRunner(
                        plan, (DuetSettings) settings, simulators, hook, dir, out, configs.apply(plan.baseline(), 1));
        };
    }

    public Outcome run(ServerSettings settings) throws InterruptedException {
        String started = OffsetDateTime.now().toString();
        Counterbalance orders = new Counterbalance(plan.variants().size(), plan.seed());
        String stopped = null;
        int exit = 0;
        try (StudyHook hook = new StudyHook(
                        SETTINGS_BOUND,
                        "the experiment did not finish putting its settings back within " + SETTINGS_BOUND.toSeconds()
                                + " s: check the server's settings (postgresql.auto.conf)");
                settings) {
            runner = runner(settings, hook);
            judged = judge(0).judged();
            List<String> header = new ArrayList<>(settings.describe());
            header.addAll(runner.describe());
            ExperimentTable.header(plan, header, rule.describe(), dir, out);
            try {
                // What the first run of round 1 follows: a run of its own variant, as every later round's first run
                // does.
                RoundRunner.MeasuredRun w =
                        runner.warmUp(orders.order(1, plan.variants()).get(0));
                warmUp = w == null ? null : w.sample();
                if (hook.interrupted()) {
                    stopped = "interrupted in the warm-up run (Ctrl-C): no round ran";
                    exit = 130;
                }
                for (int round = 1; round <= plan.maxRounds() && stopped == null; round++) {
                    List<Variant> order = orders.order(round, plan.variants());
                    Played played = play(runner, round, order, hook);
                    if (played == null || hook.interrupted()) {
                        stopped = "interrupted in round " + round + " (Ctrl-C): that round is left out";
                        exit = 130;
                        break;
                    }
                    kept.add(played);
                    played.measured().runs().forEach(r -> {
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

    /** A round as kept: the last attempt, and every run of the attempts that ran again. */
    private record Played(
            RoundRunner.MeasuredRound measured,
            int repeats,
            Repeats.Attempt last,
            List<Repeats.DisturbedRun> replaced) {
        ExperimentResult.Round round(List<RunSample> valued) {
            return new ExperimentResult.Round(
                    measured.round(),
                    measured.order(),
                    valued.stream().filter(s -> s.round() == measured.round()).toList(),
                    measured.subWindows(),
                    repeats,
                    last.runs(repeats, false),
                    replaced);
        }
    }

    /**
     * Measures a round; a round with a disturbed run is measured again, whole and in the same order
     * (see {@link Repeats}). Null when Ctrl-C ended it.
     */
    private Played play(RoundRunner runner, int round, List<Variant> order, StudyHook hook)
            throws InterruptedException {
        List<Repeats.DisturbedRun> replaced = new ArrayList<>();
        for (int a = 0; ; a++) {
            RoundRunner.MeasuredRound m = runner.measure(round, order);
            if (m == null) {
                return null;
            }
            Repeats.Attempt attempt = new Repeats.Attempt(
                    m.runs().stream().map(RoundRunner.MeasuredRun::sample).toList(),
                    m.runs().stream().map(RoundRunner.MeasuredRun::disturbances).toList());
            if (hook.interrupted() || !repeats.again(round, a, attempt, out)) {
                return new Played(m, a, attempt, replaced);
            }
            replaced.addAll(attempt.runs(a, true));
        }
    }

    private List<Figure> figures() {
        return runner.figures(standardFigures());
    }

    private List<Figure> standardFigures() {
        for (int i = 0; i < samples.size(); i++) {
            if (samples.get(i).variant().equals(plan.baseline().name())) {
                return Figure.of(reports.get(i));
            }
        }
        // A design whose runs hold every variant (alternate): its first run stands for the baseline's.
        return reports.isEmpty() ? Figure.fixed() : Figure.of(reports.get(0));
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
        StopRule.Look look = rule.after(
                round,
                Comparison.of(plan, figures, kept.stream().map(Played::measured).toList()));
        return new Looked(new Judged(figures, valued, look.outcome()), round == 0 ? null : look.stop());
    }

    private ExperimentResult result(String started, String stopped, List<String> settings, Judged j) {
        List<RunSample> valued = j.valued();
        Analysis.Outcome a = j.analysis();
        List<ExperimentResult.Round> withValues =
                kept.stream().map(r -> r.round(valued)).toList();
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
                plan.design().name(),
                plan.design().switchEvery() == null
                        ? null
                        : plan.design().switchEvery().toMillis() / 1000.0,
                family,
                rule.describe());
        return new ExperimentResult(
                ExperimentResult.SCHEMA_VERSION,
                RunReport.NOTE,
                plan.name(),
                started,
                stopped == null ? null : OffsetDateTime.now().toString(),
                runs.host(),
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
