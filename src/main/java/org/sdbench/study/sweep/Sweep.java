package org.sdbench.study.sweep;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sdbench.config.ConfigException;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.load.TransactionalReset;
import org.sdbench.measure.stats.Counterbalance;
import org.sdbench.report.RunFolder;
import org.sdbench.report.RunReport;
import org.sdbench.run.RunEngine;
import org.sdbench.run.RunOptions;
import org.sdbench.run.StudyHook;

/**
 * The sweep's lifecycle. A discarded warm-up run first (a fresh JVM and database server are slower
 * than they will be); the search, one run per level, until the knee is bracketed; then rounds of the
 * levels around it, each round every level once in the counterbalanced order of a seeded Williams
 * design, each run on reset data; after every complete round the capacity's interval, and the end
 * when it is narrower than --precision (after the least rounds), or before a round that would pass
 * --max-runs or --budget. sweep.json is written after every run, so --resume continues where it
 * stopped with the rounds done.
 */
public final class Sweep {
    /** Makes sure the database holds the data set the sweep needs, before its first run. */
    @FunctionalInterface
    public interface DataSet {
        void ensureLoaded(Database db) throws InterruptedException;
    }

    /**
     * What the command decided.
     *
     * @param budget the most wall time the whole sweep may take (earlier sessions included); null: none
     * @param resume the folder of an earlier sweep to continue; null for a new sweep
     */
    public record Options(
            double limitSeconds,
            boolean reset,
            int intervalSeconds,
            int minRounds,
            double precision,
            int maxRuns,
            Duration budget,
            long seed,
            Path resume) {}

    /** The result, its folder and the exit code: 0 ran to its end, 130 interrupted. */
    public record Outcome(SweepResult result, Path dir, int exitCode) {}

    /** The warm-up's window: long enough to compile the hot code, short beside a measured run. */
    static final Duration WARM_UP_WINDOW = Duration.ofSeconds(60);
    /** How long Ctrl-C's shutdown waits for sweep.json and sweep.html. */
    static final Duration SAVE_BOUND = Duration.ofSeconds(60);

    private final SdbenchConfig base;
    private final SweepPlan levels;
    private final Options o;
    private final PrintWriter out;
    private final Clock clock;
    private final List<SweepRun> runs = new ArrayList<>();
    private SweepResult.Plan plan;
    private Path dir;
    private String started;
    private double elapsedBefore;
    private long sessionStart;
    private SweepProgress progress;
    /** Set while the sweep runs: Ctrl-C between runs stops it before the next. */
    private StudyHook hook;

    public Sweep(SdbenchConfig base, SweepPlan levels, Options options, PrintWriter out, Clock clock) {
        this.base = base;
        this.levels = levels;
        this.o = options;
        this.out = out;
        this.clock = clock;
    }

    /** Runs the sweep on the data set of its largest level, loaded first when missing. */
    public Outcome run() throws InterruptedException {
        return run(db -> new org.sdbench.database.load.DataSet(db, base, out).ensureLoaded(true));
    }

    public Outcome run(DataSet dataSet) throws InterruptedException {
        // Ctrl-C: the run under way writes its window, then shutdown waits for sweep.json and sweep.html.
        try (StudyHook h = new StudyHook(
                SAVE_BOUND,
                "the sweep did not write " + SweepStore.FILE + " within " + SAVE_BOUND.toSeconds() + " s")) {
            hook = h;
            return sweep(dataSet);
        }
    }

    private Outcome sweep(DataSet dataSet) throws InterruptedException {
        open();
        String stopped;
        int exit = 0;
        try (Database db = Database.open(base.database(), false)) {
            dataSet.ensureLoaded(db);
            TransactionalReset data = new TransactionalReset(db);
            out.printf(
                    "sweep '%s' in %s: %s; then rounds of the levels around the knee (at least %d)%n",
                    base.name(), dir, levels.describe(), plan.minRounds());
            out.flush();
            try {
                stopped = sweep(db, data);
            } catch (Interrupted e) {
                stopped =
                        "interrupted (Ctrl-C): continue with 'sdbench sweep --resume " + dir + "' and the same options";
                exit = 130;
            }
        }
        SweepResult r = result(stopped, true);
        SweepStore.save(dir, r);
        SweepStore.saveHtml(dir, r);
        SweepTable.print(r, out);
        out.println("sweep: " + dir.resolve(SweepStore.FILE).toAbsolutePath());
        out.println("chart: " + dir.resolve(SweepStore.HTML).toAbsolutePath());
        out.flush();
        return new Outcome(r, dir, exit);
    }

    /** A run ended by Ctrl-C: the sweep stops and keeps what it finished. */
    private static final class Interrupted extends Exception {
        Interrupted() {
            super(null, null, false, false);
        }
    }

    private String sweep(Database db, TransactionalReset data) throws InterruptedException, Interrupted {
        boolean warm = false;
        if (plan.roundLevels() == null) {
            boolean exploded = false;
            List<SweepRun> search = phase(SweepRun.SEARCH);
            for (var next = levels.next(search, exploded); next.isPresent(); next = levels.next(search, exploded)) {
                if (!warm) {
                    warmUp(db, data, next.getAsInt());
                    warm = true;
                }
                String over = overBudget(1);
                if (over != null) {
                    return over + " during the search";
                }
                SweepRun r = measure(db, data, next.getAsInt(), new SweepRun.Place(SweepRun.SEARCH, 0, 0), "search");
                search = phase(SweepRun.SEARCH);
                exploded = r.errorRate() > 0.05 || r.avgResponseSeconds() > 5 * o.limitSeconds();
            }
            var around = levels.roundLevels(search, o.limitSeconds());
            if (around.isEmpty()) {
                return "the search did not bracket the limit: no rounds (see the notes)";
            }
            plan = plan.withRoundLevels(around.get());
            out.printf("%nknee between %s users: rounds of %s users from here%n", bracket(search), around.get());
            save();
        }
        List<Integer> around = plan.roundLevels();
        Counterbalance design = new Counterbalance(around.size(), plan.seed());
        for (int round = 1; ; round++) {
            int done = roundRuns(round).size();
            if (done == 0) {
                SweepResult now = result(null, false);
                String stop = stopBefore(round, now.capacity());
                if (stop != null) {
                    return stop;
                }
            }
            List<Integer> order = design.order(round, around);
            for (int position = done + 1; position <= order.size(); position++) {
                if (!warm) {
                    warmUp(db, data, order.get(position - 1));
                    warm = true;
                }
                measure(
                        db,
                        data,
                        order.get(position - 1),
                        new SweepRun.Place(SweepRun.ROUND, round, position),
                        "round " + round + ", " + position + " of " + order.size());
            }
        }
    }

    /** Why the sweep ends before this round, or null to run it. */
    private String stopBefore(int round, SweepResult.Capacity c) {
        int complete = round - 1;
        if (complete >= plan.minRounds()
                && c != null
                && c.relativeWidth() != null
                && c.relativeWidth() <= plan.precision()) {
            return String.format(
                    Locale.ROOT,
                    "the interval is %.1f %% wide after %d rounds, within --precision %.1f %%",
                    c.relativeWidth() * 100,
                    complete,
                    plan.precision() * 100);
        }
        String over = overBudget(plan.roundLevels().size());
        return over == null ? null : over + " after " + complete + " rounds";
    }

    /** Why {@code next} more runs would pass --max-runs or --budget, or null. */
    private String overBudget(int next) {
        int measured = (int)
                runs.stream().filter(r -> !r.phase().equals(SweepRun.WARM_UP)).count();
        if (measured + next > plan.maxRuns()) {
            return "--max-runs " + plan.maxRuns() + " leaves no room for " + next + " more (" + measured
                    + " runs done)";
        }
        if (o.budget() != null
                && elapsed() + next * progress.runSeconds(runs) > o.budget().toSeconds()) {
            return String.format(
                    Locale.ROOT,
                    "--budget %d min would be passed (%.0f min spent)",
                    o.budget().toMinutes(),
                    elapsed() / 60);
        }
        return null;
    }

    private void warmUp(Database db, TransactionalReset data, int users) throws InterruptedException, Interrupted {
        measure(db, data, users, new SweepRun.Place(SweepRun.WARM_UP, 0, 0), "warm-up, discarded");
    }

    private SweepRun measure(Database db, TransactionalReset data, int users, SweepRun.Place place, String what)
            throws InterruptedException, Interrupted {
        if (hook != null && hook.interrupted()) {
            // Ctrl-C between runs: none starts after it.
            throw new Interrupted();
        }
        long t0 = clock.millis();
        if (o.reset()) {
            data.reset();
        }
        boolean searching = !place.phase().equals(SweepRun.ROUND);
        int measured = (int)
                runs.stream().filter(r -> !r.phase().equals(SweepRun.WARM_UP)).count();
        int complete = place.round() == 0 ? 0 : place.round() - 1;
        int inRound = place.round() == 0 ? 0 : plan.roundLevels().size() - place.position();
        var capacity = result(null, false).capacity();
        int left = progress.runsLeft(searching, complete, inRound, capacity, measured);
        out.printf(
                "%n--- %s: %d users (%d runs so far; %s) ---%n",
                what, users, measured, progress.timeLeft(left, progress.runSeconds(runs), elapsed()));
        out.flush();
        SdbenchConfig c = base.withName(base.name() + "-u" + users)
                .withRun(base.run().withUsers(users).withResultsDir(dir.toString()));
        if (place.phase().equals(SweepRun.WARM_UP)) {
            var r = c.run();
            c = c.withRun(r.withPhases(r.rampUp(), min(r.duration(), WARM_UP_WINDOW), r.rampDown()));
        }
        // Errors do not end a sweep: the search judges each level (and stops when one explodes).
        var outcome = new RunEngine(RunOptions.of(o.intervalSeconds()).acceptingErrors(true)).execute(c, db, out);
        long bytes = data.sizes().values().stream().mapToLong(Long::longValue).sum();
        SweepRun r = SweepRun.of(
                outcome.report(),
                RunFolder.read(outcome.folder()).environment(),
                place,
                dir.relativize(outcome.folder().toAbsolutePath()).toString(),
                base.appServer().userContextBytes(),
                bytes,
                (clock.millis() - t0) / 1000.0);
        if (r.stoppedEarly() || outcome.exitCode() == 130) {
            throw new Interrupted();
        }
        runs.add(r);
        save();
        return r;
    }

    private void open() {
        sessionStart = clock.millis();
        if (o.resume() != null) {
            SweepResult prior = SweepStore.load(o.resume());
            if (Math.abs(prior.limitSeconds() - o.limitSeconds()) > 1e-9) {
                throw new ConfigException(String.format(
                        Locale.ROOT,
                        "'--limit' = %s s is not allowed with '--resume': the sweep in %s ran to %s s (give the same limit)",
                        o.limitSeconds(),
                        o.resume(),
                        prior.limitSeconds()));
            }
            if (!prior.plan().search().equals(levels.describe())) {
                throw new ConfigException(
                        "'--levels'/'--start'/'--max-users' are not allowed to change with '--resume': the sweep in "
                                + o.resume() + " ran " + prior.plan().search() + ", these options ask for "
                                + levels.describe());
            }
            dir = o.resume().toAbsolutePath();
            started = prior.startedAt();
            elapsedBefore = prior.elapsedSeconds();
            runs.addAll(prior.runs());
            var p = prior.plan();
            // The design (levels, seed, least rounds) stays; the stopping options are this session's.
            plan = new SweepResult.Plan(
                    p.search(),
                    p.roundLevels(),
                    p.minRounds(),
                    o.precision(),
                    o.maxRuns(),
                    budgetMinutes(),
                    p.seed(),
                    p.loadedUsers());
        } else {
            dir = folder(base);
            started = OffsetDateTime.now(clock).toString();
            plan = new SweepResult.Plan(
                    levels.describe(),
                    null,
                    o.minRounds(),
                    o.precision(),
                    o.maxRuns(),
                    budgetMinutes(),
                    o.seed(),
                    base.run().users());
        }
        var r = base.run();
        progress = new SweepProgress(
                r.rampUp().plus(r.duration()).plus(r.rampDown()).toSeconds() + 10.0,
                plan,
                o.budget() == null ? Double.POSITIVE_INFINITY : o.budget().toSeconds());
    }

    private Double budgetMinutes() {
        return o.budget() == null ? null : o.budget().toSeconds() / 60.0;
    }

    private double elapsed() {
        return elapsedBefore + (clock.millis() - sessionStart) / 1000.0;
    }

    private List<SweepRun> phase(String phase) {
        return runs.stream().filter(r -> r.phase().equals(phase)).toList();
    }

    private List<SweepRun> roundRuns(int round) {
        return runs.stream()
                .filter(r -> r.phase().equals(SweepRun.ROUND) && r.round() == round)
                .toList();
    }

    private String bracket(List<SweepRun> search) {
        var under = search.stream()
                .filter(r -> r.avgResponseSeconds() < o.limitSeconds())
                .mapToInt(SweepRun::users)
                .max();
        var over = search.stream()
                .filter(r -> r.avgResponseSeconds() >= o.limitSeconds())
                .mapToInt(SweepRun::users)
                .min();
        return under.orElse(0) + " and " + over.orElse(0);
    }

    private void save() {
        SweepStore.save(dir, result(null, false));
    }

    private SweepResult result(String stopped, boolean finished) {
        return SweepResult.of(
                RunReport.NOTE,
                base.name(),
                started,
                finished ? OffsetDateTime.now(clock).toString() : null,
                o.limitSeconds(),
                base.workload().thinkTime().toNanos() / 1e9,
                plan,
                runs,
                stopped,
                elapsed());
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private Path folder(SdbenchConfig c) {
        Path dir = Path.of(c.run().resultsDir(), RunFolder.name(LocalDateTime.now(clock), "sweep-" + c.name()));
        try {
            return Files.createDirectories(dir).toAbsolutePath();
        } catch (IOException e) {
            throw new EnvironmentException("cannot create the sweep folder " + dir + " (" + e.getMessage()
                    + "): set run.resultsDir to a writable directory");
        }
    }
}
