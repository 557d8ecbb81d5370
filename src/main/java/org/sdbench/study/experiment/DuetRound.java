package org.sdbench.study.experiment;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.Numbers;
import org.sdbench.config.SmallFile;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.database.load.Settle;
import org.sdbench.measure.environment.HalfPinning;
import org.sdbench.report.RunFolder;
import org.sdbench.run.StartAt;

/**
 * One round of a duet: the baseline's server on the data directory, the alternative's on its copy,
 * each started with its variant's settings as start-up options and settled; each server and its
 * simulator pinned to one CPU half, the baseline on the first half in odd rounds and on the second in
 * even ones; both simulators started, given one start instant once both are set up, and awaited
 * (bounded); both servers stopped after their simulators wrote their windows, whether the round
 * ended, failed or was interrupted.
 */
final class DuetRound {
    /** How long a simulator may take to set up (JVM, configuration, environment probe, connections). */
    static final Duration SET_UP_BOUND = Duration.ofMinutes(2);
    /**
     * How far ahead of the moment both simulators are set up their common start instant lies: time
     * for both to read it before it passes.
     */
    static final Duration START_LEAD = Duration.ofSeconds(1);

    /** One side of a round as it ran. */
    record Side(
            Variant variant,
            String cpus,
            long postmaster,
            Map<String, String> shown,
            Path log,
            Path folder,
            int exitCode,
            RunFolder.Loaded loaded) {}

    /** The round's two sides: the baseline's first; {@code interrupted} when Ctrl-C ended it. */
    record Result(int round, Side baseline, Side alternative, boolean interrupted) {}

    private final ExperimentPlan plan;
    private final DatabaseConfig first;
    private final DatabaseConfig second;
    private final HalfPinning halves;
    private final Duet.Arguments arguments;
    private final Path dir;
    private final Duration bound;

    /**
     * @param first  the embedded server's configuration (the baseline's side)
     * @param second the same on the copy of its data directory (the alternative's side)
     * @param bound  how long a simulator may run before it is stopped as stalled
     */
    DuetRound(
            ExperimentPlan plan,
            DatabaseConfig first,
            DatabaseConfig second,
            HalfPinning halves,
            Duet.Arguments arguments,
            Path dir,
            Duration bound) {
        this.plan = plan;
        this.first = first;
        this.second = second;
        this.halves = halves;
        this.arguments = arguments;
        this.dir = dir;
        this.bound = bound;
    }

    /** The CPU half of the baseline's side in {@code round}; the alternative has the other. */
    static int baselineHalf(int round) {
        return round % 2 == 1 ? 0 : 1;
    }

    Result run(int round, BooleanSupplier stop) throws InterruptedException {
        Variant base = plan.baseline();
        Variant alt = plan.alternatives().get(0);
        int baseHalf = baselineHalf(round);
        CountDownLatch written = new CountDownLatch(1);
        try (Database a = Database.open(first, false, base.dbSettings());
                Database b = Database.open(second, false, alt.dbSettings())) {
            // At Ctrl-C, the servers stay up until both simulators wrote their windows (bounded).
            Runnable releaseA = a.holdServerUntil(written);
            Runnable releaseB = b.holdServerUntil(written);
            try {
                Settle.before(a);
                Settle.before(b);
                long pmA = postmaster(first);
                long pmB = postmaster(second);
                halves.pinServer(pmA, baseHalf);
                halves.pinServer(pmB, 1 - baseHalf);
                Map<String, String> shownA = show(a);
                Map<String, String> shownB = show(b);
                DuetSimulator simA = start(base, round, baseHalf, a);
                DuetSimulator simB;
                try {
                    simB = start(alt, round, 1 - baseHalf, b);
                } catch (RuntimeException e) {
                    simA.stop();
                    throw e;
                }
                try {
                    // One start instant for both once both are set up: their phases, and so their
                    // intervals, begin together however long each took to start.
                    if (simA.awaitSetUp(SET_UP_BOUND, stop) && simB.awaitSetUp(SET_UP_BOUND, stop)) {
                        Instant at = Instant.now().plus(START_LEAD);
                        simA.startAt(at);
                        simB.startAt(at);
                    }
                } catch (RuntimeException | InterruptedException e) {
                    simA.stop();
                    simB.stop();
                    throw e;
                }
                int exitA;
                int exitB;
                try {
                    exitA = simA.await(bound, stop);
                } catch (RuntimeException | InterruptedException e) {
                    simB.stop();
                    throw e;
                }
                exitB = stop.getAsBoolean() ? simB.stop() : simB.await(bound, stop);
                boolean interrupted = stop.getAsBoolean() || exitA == 130 || exitB == 130;
                return new Result(
                        round,
                        side(base, baseHalf, pmA, shownA, simA, exitA, interrupted),
                        side(alt, 1 - baseHalf, pmB, shownB, simB, exitB, interrupted),
                        interrupted);
            } finally {
                written.countDown();
                releaseA.run();
                releaseB.run();
            }
        }
    }

    private DuetSimulator start(Variant v, int round, int half, Database db) {
        List<String> args = new ArrayList<>(arguments.of(v, round));
        args.add("--start-at");
        args.add(StartAt.FROM_INPUT);
        for (String o : db.childOverrides()) {
            args.add("--set");
            args.add(o);
        }
        // The server is pinned here: the run must not split the CPUs again.
        args.add("--set");
        args.add("run.cpuSplit=none");
        Path log = dir.resolve("duet-r" + round + "-" + v.name() + ".log");
        return DuetSimulator.start(v.name(), halves.launcher(half), args, db.childEnvironment(), log);
    }

    private Side side(
            Variant v, int half, long pm, Map<String, String> shown, DuetSimulator sim, int exit, boolean interrupted) {
        Path folder = sim.folder();
        if (folder == null) {
            // Stopped before it measured anything (Ctrl-C, or stopped while it waited for its start).
            if (interrupted) {
                return new Side(v, halves.cpus(half), pm, shown, sim.log(), null, exit, null);
            }
            throw new EnvironmentException("the simulator of " + v.name() + " wrote no run folder (exit " + exit + "): "
                    + sim.lastLine() + " (log: " + sim.log() + ")");
        }
        return new Side(v, halves.cpus(half), pm, shown, sim.log(), folder, exit, RunFolder.read(folder));
    }

    /** The value in force of every setting the plan varies, as the server reports it. */
    private Map<String, String> show(Database db) {
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            for (String name : plan.settingNames()) {
                try (ResultSet rs = s.executeQuery("SELECT current_setting('" + name.replace("'", "''") + "')")) {
                    rs.next();
                    out.put(name, rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new EnvironmentException("cannot read the settings in force: " + e.getMessage());
        }
        return out;
    }

    /** The embedded server's postmaster, from the first line of its postmaster.pid. */
    static long postmaster(DatabaseConfig config) {
        Path file = config.embeddedDataDir().resolve("postmaster.pid");
        String first = SmallFile.read("postmaster.pid", file, 4096)
                .lines()
                .findFirst()
                .orElse("")
                .strip();
        if (!Numbers.isWhole(first)) {
            throw new EnvironmentException(file + " does not start with a process id: is the server running?");
        }
        return Long.parseLong(first);
    }
}
