package org.sdbench.experiment;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sdbench.config.ConfigException;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.DbKind;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.env.HalfPinning;
import org.sdbench.report.RunReport;

/**
 * The duet design: the baseline and one alternative run at the same time on one host, each on its
 * own embedded server (the second on a copy of the data directory, so that settings such as
 * shared_buffers can differ) and its own simulator, each side on one half of the CPUs, the halves
 * swapped every round. A round's pairs are its matched measurement intervals ({@link DuetPairs});
 * the looks and verdicts are the rounds design's ({@link StopRule}). The copy is removed at the end,
 * however the experiment ends.
 */
public final class Duet {
    /** A simulator still running this long after its scheduled end is stopped as stalled. */
    static final Duration END_ALLOWANCE = Duration.ofMinutes(3);

    /** What rounds.csv's header says: which side ran where in every round. */
    static final String ROUNDS_HEADER = "round,variant,cpus,postmaster,settings,exit,folder";

    /** The arguments of {@code sdbench run} for a variant's simulator in a round, before the database's. */
    @FunctionalInterface
    public interface Arguments {
        List<String> of(Variant variant, int round);
    }

    private final ExperimentPlan plan;
    private final SdbenchConfig base;
    private final Arguments arguments;
    private final Path dir;
    private final PrintWriter out;
    private final StopRule rule;

    /**
     * @param base      the baseline's configuration (the database and the phases every side shares)
     * @param arguments the {@code sdbench run} arguments of a variant's simulator in a round
     */
    public Duet(ExperimentPlan plan, SdbenchConfig base, Arguments arguments, Path dir, PrintWriter out) {
        require(plan, base.database());
        this.plan = plan;
        this.base = base;
        this.arguments = arguments;
        this.dir = dir;
        this.out = out;
        this.rule = new StopRule(plan);
    }

    /** Refuses what a duet cannot run, in one line. */
    public static void require(ExperimentPlan plan, DatabaseConfig db) {
        ConfigException.require(
                plan.variants().size() == 2,
                "--variant",
                plan.variants().size() + " variants",
                "exactly two with --design duet: the baseline and one alternative, side by side");
        for (Variant v : plan.variants()) {
            ConfigException.require(
                    v.overrides().isEmpty(),
                    "--variant " + v.name(),
                    String.join(",", v.overrides()),
                    "db.* settings only with --design duet (both sides share the simulator's configuration)");
        }
        ConfigException.require(
                db.kind() == DbKind.EMBEDDED,
                "database.kind",
                db.kind().name().toLowerCase(),
                "embedded with --design duet (it copies the embedded server's data directory for the second server)");
    }

    /** Runs the rounds; the embedded server must be stopped (its data directory is copied first). */
    public Experiment.Outcome run() throws InterruptedException {
        String started = OffsetDateTime.now().toString();
        HalfPinning halves = HalfPinning.ofThisProcess();
        DatabaseConfig first = base.database();
        Path copy = DuetCopy.copy(first.embeddedDataDir());
        DatabaseConfig second = onCopy(first, copy);
        Duration bound = base.run()
                .rampUp()
                .plus(base.run().duration())
                .plus(base.run().rampDown())
                .plus(END_ALLOWANCE);
        DuetRound rounds = new DuetRound(plan, first, second, halves, arguments, dir, bound);
        List<String> settings = describe(first, copy, halves);
        ExperimentTable.header(plan, settings, rule.describe(), dir, out);
        List<DuetRound.Result> results = new ArrayList<>();
        Analysis.Outcome analysis = rule.after(0, DuetPairs.of(plan, results)).outcome();
        String stopped = null;
        int exit = 0;
        try (ExperimentHook hook = new ExperimentHook()) {
            try {
                for (int round = 1; round <= plan.maxRounds() && stopped == null; round++) {
                    out.println("duet round " + round + ": " + plan.baseline().name() + " on CPU "
                            + halves.cpus(DuetRound.baselineHalf(round)) + ", "
                            + plan.alternatives().get(0).name() + " on CPU "
                            + halves.cpus(1 - DuetRound.baselineHalf(round)));
                    out.flush();
                    DuetRound.Result r = rounds.run(round, hook::interrupted);
                    record(r);
                    if (r.interrupted() || hook.interrupted()) {
                        stopped = "interrupted in round " + round + " (Ctrl-C): that round is left out";
                        exit = 130;
                        break;
                    }
                    results.add(r);
                    StopRule.Look look = rule.after(round, DuetPairs.of(plan, results));
                    analysis = look.outcome();
                    stopped = look.stop();
                    ExperimentTable.progress(round, plan, analysis, out);
                    if (stopped == null) {
                        ExperimentStore.save(dir, result(started, null, settings, results, analysis));
                    }
                }
            } catch (EnvironmentException e) {
                ExperimentStore.save(dir, result(started, "failed: " + e.getMessage(), settings, results, analysis));
                throw e;
            } catch (InterruptedException e) {
                ExperimentStore.save(
                        dir,
                        result(
                                started,
                                "interrupted in round " + (results.size() + 1) + ": that round is left out",
                                settings,
                                results,
                                analysis));
                throw e;
            } finally {
                DuetCopy.remove(copy);
            }
            ExperimentResult r = result(started, stopped, settings, results, analysis);
            ExperimentStore.save(dir, r);
            ExperimentStore.saveHtml(dir, r);
            return new Experiment.Outcome(r, exit);
        }
    }

    /** The embedded configuration on the copy, with a port of its own. */
    static DatabaseConfig onCopy(DatabaseConfig c, Path copy) {
        return new DatabaseConfig(
                c.kind(),
                c.url(),
                c.user(),
                c.passwordEnv(),
                c.passwordFile(),
                c.schema(),
                copy.toString(),
                0,
                c.sslmode(),
                c.tablespaces(),
                c.timeouts(),
                c.transport(),
                c.unixSocketDir());
    }

    private List<String> describe(DatabaseConfig first, Path copy, HalfPinning halves) {
        List<String> lines = new ArrayList<>();
        for (Variant v : plan.variants()) {
            lines.add(v.name() + ": " + v.describe() + ", start-up options of its own embedded server");
        }
        lines.add("duet: " + plan.baseline().name() + " on " + first.embeddedDataDir() + ", "
                + plan.alternatives().get(0).name() + " on its copy " + copy + "; both servers restarted before every"
                + " round; CPU " + halves.cpus(0) + " and CPU " + halves.cpus(1) + " swapped every round");
        return lines;
    }

    /** One line per side in rounds.csv: where it ran and what the server said its settings were. */
    private void record(DuetRound.Result r) {
        StringBuilder s = new StringBuilder();
        Path file = dir.resolve("rounds.csv");
        if (!Files.exists(file)) {
            s.append(ROUNDS_HEADER).append('\n');
        }
        for (DuetRound.Side side : List.of(r.baseline(), r.alternative())) {
            List<String> shown = new ArrayList<>();
            side.shown().forEach((k, v) -> shown.add(k + "=" + v));
            s.append(r.round())
                    .append(',')
                    .append(side.variant().name())
                    .append(",\"")
                    .append(side.cpus())
                    .append("\",")
                    .append(side.postmaster())
                    .append(",\"")
                    .append(String.join(" ", shown).replace("\"", "\"\""))
                    .append("\",")
                    .append(side.exitCode())
                    .append(',')
                    .append(
                            side.folder() == null
                                    ? ""
                                    : dir.relativize(side.folder().toAbsolutePath()))
                    .append('\n');
            out.println("  " + side.variant().name() + ": CPU " + side.cpus() + ", postmaster " + side.postmaster()
                    + ", " + (shown.isEmpty() ? "no setting varied" : String.join(" ", shown)) + ", exit "
                    + side.exitCode());
        }
        out.flush();
        try {
            Files.writeString(file, s, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + file + ": " + e.getMessage());
        }
    }

    private ExperimentResult result(
            String started, String stopped, List<String> settings, List<DuetRound.Result> results, Analysis.Outcome a) {
        List<ExperimentResult.Round> rounds = new ArrayList<>();
        List<RunSample> samples = new ArrayList<>();
        String host = null;
        for (DuetRound.Result r : results) {
            List<RunSample> runs = List.of(sample(r.round(), 1, r.baseline()), sample(r.round(), 2, r.alternative()));
            samples.addAll(runs);
            rounds.add(new ExperimentResult.Round(
                    r.round(),
                    List.of(plan.baseline().name(), plan.alternatives().get(0).name()),
                    runs));
            var env =
                    r.baseline().loaded() == null ? null : r.baseline().loaded().environment();
            if (host == null && env != null && env.host() != null) {
                host = env.host().identity();
            }
        }
        List<String> family = DuetPairs.figures().stream()
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
                "duet",
                family,
                rule.describe());
        List<String> notes = new ArrayList<>(Notes.of(plan, a, samples));
        notes.set(
                0,
                "duet: both variants ran at the same time, each on its own server and CPU half (swapped every"
                        + " round); a pair is one measurement interval of each run, matched by wall clock; ratios are"
                        + " alternative / baseline (geometric mean of the pairs' ratios), with Student's t intervals over the"
                        + " pairs' log ratios; the intervals of one round are not independent of each other");
        return new ExperimentResult(
                ExperimentResult.SCHEMA_VERSION,
                RunReport.NOTE,
                plan.name(),
                started,
                stopped == null ? null : OffsetDateTime.now().toString(),
                host,
                p,
                settings,
                "confirmatory family: the " + family.size() + " primary interval figures of the alternative against"
                        + " the baseline; Holm within it, family-wise 5 % for 'changed' and for 'unchanged', spent over"
                        + " the looks by the stop rule; the secondary figure is descriptive, its own test at 5 %",
                stopped,
                null,
                rounds,
                a.figures(),
                a.omitted(),
                notes);
    }

    private RunSample sample(int round, int position, DuetRound.Side s) {
        RunReport report = s.loaded() == null ? null : s.loaded().report();
        return new RunSample(
                round,
                position,
                s.variant().name(),
                s.folder() == null
                        ? null
                        : dir.relativize(s.folder().toAbsolutePath()).toString(),
                s.exitCode(),
                report == null || report.work() == null ? null : report.work().runUnitsPerCpuSecond(),
                Map.of(),
                Map.of());
    }
}
