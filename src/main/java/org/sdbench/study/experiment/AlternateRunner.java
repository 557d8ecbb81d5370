package org.sdbench.study.experiment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.sdbench.config.Durations;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;
import org.sdbench.measure.dbstats.PgStats;
import org.sdbench.measure.environment.ClusterCpu;
import org.sdbench.measure.environment.CpuSampler;
import org.sdbench.measure.environment.EnvironmentProbe;
import org.sdbench.report.IntervalRow;
import org.sdbench.run.StudyHook;

/**
 * The alternate design: one run per round, the variants' settings switched inside it every
 * --switch-every by ALTER SYSTEM and a reload ({@link ServerSettings#apply}, which checks the value in
 * force on a new session before the sub-window counts), in blocks AB BA AB ... from the round's
 * counterbalanced start; the sub-windows of a block are a pair ({@link SubWindows}). The switch and
 * the samples at sub-window boundaries happen on the run's reporter thread right after an interval
 * is harvested, so that a sub-window's intervals and its DB statistics cover the same span.
 */
final class AlternateRunner implements RoundRunner {
    /** The name of a round's run: it runs every variant. */
    static final String RUN = "alternate";

    private final ExperimentPlan plan;
    private final Design.Alternate design;
    private final ExperimentRuns runs;
    private final ServerSettings settings;
    private final StudyHook hook;
    private final int intervalSeconds;

    AlternateRunner(
            ExperimentPlan plan,
            Design.Alternate design,
            ExperimentRuns runs,
            ServerSettings settings,
            StudyHook hook,
            int intervalSeconds) {
        this.plan = plan;
        this.design = design;
        this.runs = runs;
        this.settings = settings;
        this.hook = hook;
        this.intervalSeconds = intervalSeconds;
    }

    @Override
    public List<String> describe() {
        return List.of(
                String.format(
                        Locale.ROOT,
                        "alternate: one run per round; the settings switch every %s in blocks AB BA AB ... (ALTER SYSTEM,"
                                + " a reload, the value checked on a new session); the sub-windows of a block are a pair",
                        Durations.format(design.switchEvery())),
                String.format(
                        Locale.ROOT,
                        "alternate: the first interval (%d s) of every sub-window settles and is not measured: a reload"
                                + " reaches a backend at its next command, and steps in flight finish under the old value",
                        intervalSeconds));
    }

    @Override
    public MeasuredRun warmUp(Variant first) throws InterruptedException {
        return runs.run(settings, first, Experiment.WARM_UP, 0, hook, ExperimentRuns.NO_LISTENER);
    }

    @Override
    public MeasuredRound measure(int round, List<Variant> order) throws InterruptedException {
        Variant first = order.get(0);
        // The run carries the first variant's settings into its start; its name says it runs them all.
        Variant run = new Variant(RUN, first.dbSettings(), first.overrides());
        Switcher[] switcher = new Switcher[1];
        MeasuredRun made = runs.run(settings, run, round, 1, hook, db -> {
            switcher[0] = new Switcher(db, order);
            return switcher[0];
        });
        Switcher s = switcher[0];
        if (s != null) {
            s.close();
        }
        if (made == null) {
            return null;
        }
        if (s.failure != null) {
            throw new EnvironmentException(
                    "switching the settings inside round " + round + "'s run failed: " + s.failure.getMessage()
                            + "; the run is in " + made.sample().folder());
        }
        return new MeasuredRound(
                round,
                order.stream().map(Variant::name).toList(),
                List.of(made),
                s.windows.windows(),
                s.windows.pairs(round, plan.baseline()));
    }

    /** Acts on each harvested interval of one run: samples at sub-window boundaries, switches at their ends. */
    private final class Switcher implements Consumer<IntervalRow>, AutoCloseable {
        private final Database db;
        private final SubWindows windows;
        private final Connection stats;
        private final PgStats pg;
        private final CpuSampler cpu;
        private Exception failure;

        Switcher(Database db, List<Variant> order) {
            this.db = db;
            this.windows =
                    new SubWindows(order, design.switchEvery(), java.time.Duration.ofSeconds(intervalSeconds), seen());
            try {
                this.stats = db.connect();
                this.pg = new PgStats(stats);
                this.cpu = new CpuSampler(ClusterCpu.locate(
                        stats, EnvironmentProbe.isLocal(db.config()), db.embeddedDataDirectory(), database(stats)));
            } catch (SQLException e) {
                throw new EnvironmentException(
                        "the alternate design's statistics connection failed (" + SettingFacts.firstLine(e) + ")");
            }
        }

        @Override
        public void accept(IntervalRow row) {
            if (failure != null) {
                return;
            }
            try {
                Variant next = windows.add(row, this::probe);
                if (next != null) {
                    settings.apply(next);
                    windows.inForce(seen());
                }
            } catch (InterruptedException e) {
                // Ctrl-C: the run stops as any run does; the round is left out.
                Thread.currentThread().interrupt();
                failure = e;
            } catch (RuntimeException e) {
                failure = e;
            }
        }

        private SubWindows.Probe probe() {
            long now = Clock.SYSTEM.nanoTime();
            try {
                return new SubWindows.Probe(pg.snapshot(now), cpu.sample(now), cpu);
            } catch (SQLException e) {
                return new SubWindows.Probe(null, cpu.sample(now), cpu);
            }
        }

        /** The varied settings' values on a new session: what the sub-window's steps run with. */
        private Map<String, String> seen() {
            Map<String, String> out = new LinkedHashMap<>();
            try (Connection c = db.connect();
                    PreparedStatement ps = c.prepareStatement(
                            "SELECT name, setting FROM pg_settings WHERE name = ANY (?) ORDER BY name")) {
                ps.setArray(1, c.createArrayOf("text", plan.settingNames().toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getString(1), rs.getString(2));
                    }
                }
            } catch (SQLException e) {
                throw new EnvironmentException("reading pg_settings failed (" + SettingFacts.firstLine(e) + ")");
            }
            return out;
        }

        private static String database(Connection c) throws SQLException {
            try (var s = c.createStatement();
                    var rs = s.executeQuery("SELECT current_database()")) {
                return rs.next() ? rs.getString(1) : null;
            }
        }

        @Override
        public void close() {
            try {
                stats.close();
            } catch (SQLException ignored) {
                // A statistics connection only; nothing else to release.
            }
        }
    }
}
