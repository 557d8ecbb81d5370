package org.sdbench.study.experiment;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.EnvironmentException;
import org.sdbench.measure.environment.HalfPinning;
import org.sdbench.report.RunReport;
import org.sdbench.run.StudyHook;

/**
 * The duet design: the baseline and one alternative at the same time, each on its own embedded
 * server (the second on a copy of the data directory) with its own simulator, each side on one CPU
 * half, the halves swapped every round ({@link DuetRound}); a round's pairs are its matched
 * measurement intervals ({@link DuetPairs}). No warm-up run: every round starts both servers and
 * both simulators afresh, and the copy has just passed through the page cache. rounds.csv records
 * where each side ran.
 */
final class DuetRunner implements RoundRunner {
    /** A simulator still running this long after its scheduled end is stopped as stalled. */
    static final Duration END_ALLOWANCE = Duration.ofMinutes(3);

    /** rounds.csv's header: which side ran where in every round, and the settings its server reported. */
    static final String ROUNDS_HEADER = "round,variant,cpus,postmaster,settings,exit,folder";

    private final ExperimentPlan plan;
    private final DuetSettings settings;
    private final Duet.Arguments arguments;
    private final StudyHook hook;
    private final Path dir;
    private final PrintWriter out;
    private final Duration bound;
    private final HalfPinning halves;
    private DuetRound rounds;
    private String host;

    /** @param base the baseline's configuration: the phases both sides share */
    DuetRunner(
            ExperimentPlan plan,
            DuetSettings settings,
            Duet.Arguments arguments,
            StudyHook hook,
            Path dir,
            PrintWriter out,
            SdbenchConfig base) {
        this.plan = plan;
        this.settings = settings;
        this.arguments = arguments;
        this.hook = hook;
        this.dir = dir;
        this.out = out;
        this.bound = base.run()
                .rampUp()
                .plus(base.run().duration())
                .plus(base.run().rampDown())
                .plus(DuetRound.START_LEAD)
                .plus(END_ALLOWANCE);
        this.halves = HalfPinning.ofThisProcess();
    }

    /** No warm-up run; the data directory is copied for the second server here. */
    @Override
    public MeasuredRun warmUp(Variant first) throws InterruptedException {
        DatabaseConfig second = settings.copy();
        rounds = new DuetRound(plan, settings.config(), second, halves, arguments, dir, bound);
        return null;
    }

    @Override
    public MeasuredRound measure(int round, List<Variant> order) throws InterruptedException {
        out.println("duet round " + round + ": " + plan.baseline().name() + " on CPU "
                + halves.cpus(DuetRound.baselineHalf(round)) + ", "
                + plan.alternatives().get(0).name() + " on CPU "
                + halves.cpus(1 - DuetRound.baselineHalf(round)));
        out.flush();
        DuetRound.Result r = rounds.run(round, hook::interrupted);
        record(r);
        if (r.interrupted()) {
            hook.interrupt();
            return null;
        }
        sameHost(r.baseline());
        sameHost(r.alternative());
        List<Disturbance> disturbed = Disturbance.ofDuet(
                r.baseline().loaded().report(), r.alternative().loaded().report());
        List<MeasuredRun> runs =
                List.of(run(round, 1, r.baseline(), disturbed), run(round, 2, r.alternative(), disturbed));
        RoundPairs pairs = new RoundPairs() {
            @Override
            public List<Pair> of(Figure figure, Variant alternative) {
                return DuetPairs.of(r, figure);
            }

            @Override
            public String unavailable(Figure figure) {
                return DuetPairs.unavailable(figure);
            }
        };
        return new MeasuredRound(
                round,
                List.of(plan.baseline().name(), plan.alternatives().get(0).name()),
                runs,
                null,
                pairs);
    }

    /** Only per-interval figures pair up; the duet's own family is what an interval tells of users. */
    @Override
    public List<Figure> figures(List<Figure> standard) {
        return DuetPairs.rekind(standard);
    }

    @Override
    public List<String> describe() {
        return List.of(
                "duet: " + plan.baseline().name() + " on " + settings.config().embeddedDataDir() + ", "
                        + plan.alternatives().get(0).name() + " on its copy "
                        + DuetCopy.of(settings.config().embeddedDataDir()) + ", each with its own simulator process;"
                        + " CPU " + halves.cpus(0) + " and CPU " + halves.cpus(1) + " swapped every round",
                "duet pairs: matched measurement intervals of the two runs (\"round r, interval i\"); only per-interval"
                        + " figures are judged");
    }

    private MeasuredRun run(int round, int position, DuetRound.Side s, List<Disturbance> disturbed) {
        RunReport report = s.loaded().report();
        RunSample sample = new RunSample(
                round,
                position,
                s.variant().name(),
                dir.relativize(s.folder().toAbsolutePath()).toString(),
                s.exitCode(),
                report.work() == null ? null : report.work().runUnitsPerCpuSecond(),
                Map.of(),
                Map.of());
        return new MeasuredRun(sample, report, disturbed);
    }

    private void sameHost(DuetRound.Side s) {
        var env = s.loaded().environment();
        String h =
                env == null || env.host() == null ? "unknown host" : env.host().identity();
        if (host == null) {
            host = h;
        } else if (!host.equals(h)) {
            throw new EnvironmentException("run " + s.folder() + " ran on another host class (" + h + ") than the"
                    + " experiment's first run (" + host + ")");
        }
    }

    /** One line per side in rounds.csv and on the terminal: where it ran and what its server said. */
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
}
