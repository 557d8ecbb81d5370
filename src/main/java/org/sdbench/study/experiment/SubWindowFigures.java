package org.sdbench.study.experiment;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.sdbench.measure.dbstats.DbWindow;
import org.sdbench.measure.metrics.Throughput;
import org.sdbench.report.IntervalRow;
import org.sdbench.report.RunReport;

/**
 * The figures of one sub-window of the alternate design: the same figures as a run's, computed from
 * the sub-window's intervals (dialog steps, response and DB request times, line items) and from the
 * DB statistics and CPU sampled at its ends. A figure no sub-window can measure is named with the
 * reason, and the analysis omits it with that reason.
 */
final class SubWindowFigures {
    private SubWindowFigures() {}

    private record Computed(Function<SubWindows.Measured, Double> value, Function<SubWindows.Measured, Long> count) {}

    /** The reasons the figures no sub-window measures are omitted, by figure name. */
    private static final Map<String, String> UNAVAILABLE = Map.of(
            "p95 dialog response time",
            "not measured per sub-window: a sub-window's 95th percentile is not a mix of its intervals' ones, and"
                    + " the run keeps no histogram per interval",
            "simulator CPU per dialog step",
            "not measured per sub-window: the simulator's CPU per step counts the app tier's processes, sampled at the"
                    + " measurement window's ends only");

    private static final Map<String, Computed> BY_NAME = Map.ofEntries(
            Map.entry(Figure.BLOCKS_READ.name(), perStep(m -> blocks(m.db(), false))),
            Map.entry("shared blocks hit per dialog step", perStep(m -> blocks(m.db(), true))),
            Map.entry(
                    "read time per block read",
                    new Computed(
                            m -> m.db() == null || m.db().blockReadTimeMs() == null || m.db().blocksRead() == 0
                                    ? null
                                    : m.db().blockReadTimeMs() / m.db().blocksRead(),
                            m -> m.db() == null ? null : m.db().blocksRead())),
            Map.entry(
                    "WAL bytes per dialog step",
                    new Computed(
                            m -> ratio(m.db() == null ? null : m.db().walBytes(), steps(m)),
                            m -> m.db() == null ? null : m.db().walRecords())),
            Map.entry("commits per dialog step", perStep(m -> m.db() == null ? null : m.db().commits())),
            Map.entry("WAL flushes per dialog step", perStep(m -> m.db() == null ? null : m.db().walSyncs())),
            Map.entry(
                    "temp bytes per dialog step",
                    new Computed(
                            m -> ratio(m.db() == null ? null : m.db().tempBytes(), steps(m)),
                            m -> m.db() == null ? null : m.db().tempBytes() / 8192)),
            Map.entry(
                    "DB calls per dialog step",
                    perStep(m -> statements(m) == null ? null : statements(m).calls())),
            Map.entry(
                    "DB time per call",
                    new Computed(
                            m -> statements(m) == null ? null : statements(m).meanExecMs(),
                            m -> statements(m) == null ? null : statements(m).calls())),
            Map.entry("DB CPU per dialog step", new Computed(SubWindowFigures::dbCpuMsPerStep, m -> null)),
            Map.entry("avg dialog response time", new Computed(m -> weighted(m.rows(), IntervalRow::avgMs), m -> null)),
            Map.entry(
                    "DB request time per dialog step",
                    new Computed(m -> weighted(m.rows(), r -> r.avg().dbMs()), m -> null)),
            Map.entry("dialog steps per hour", new Computed(m -> perHour(m.rows(), IntervalRow::steps), m -> null)),
            Map.entry(
                    "SAPS-like",
                    new Computed(
                            m -> {
                                Double items = perHour(m.rows(), IntervalRow::lineItems);
                                return items == null ? null : Throughput.sapsFromLineItemsPerHour(items);
                            },
                            m -> null)));

    /** Why no sub-window measures {@code f}; null when they do. */
    static String unavailable(Figure f) {
        if (f.kind() == Figure.Kind.STATEMENT || BY_NAME.containsKey(f.name())) {
            return null;
        }
        return UNAVAILABLE.getOrDefault(
                f.name(),
                "not measured per sub-window: the alternate design computes no "
                        + "value of this figure from a sub-window's intervals and DB statistics");
    }

    static Double value(Figure f, SubWindows.Measured m) {
        // A statement figure reads only the DB statistics, so its own definition computes its value.
        if (f.kind() == Figure.Kind.STATEMENT) {
            return f.value().apply(RunReport.ofDbWindow(m.db()));
        }
        Computed c = BY_NAME.get(f.name());
        return c == null ? null : c.value().apply(m);
    }

    static Long count(Figure f, SubWindows.Measured m) {
        if (f.count() == null) {
            return null;
        }
        if (f.kind() == Figure.Kind.STATEMENT) {
            return f.count().counted().apply(RunReport.ofDbWindow(m.db()));
        }
        Computed c = BY_NAME.get(f.name());
        return c == null ? null : c.count().apply(m);
    }

    private static Computed perStep(Function<SubWindows.Measured, Long> counted) {
        return new Computed(m -> ratio(counted.apply(m), steps(m)), counted);
    }

    /** Successful steps, as the run's per-step counts divide by them. */
    private static long steps(SubWindows.Measured m) {
        return m.rows().stream().mapToLong(IntervalRow::steps).sum();
    }

    private static Double ratio(Long count, long steps) {
        return count == null || steps == 0 ? null : (double) count / steps;
    }

    /** The workload's own statements' blocks where pg_stat_statements has them, as {@link Figure} does. */
    private static Long blocks(DbWindow db, boolean hit) {
        if (db == null) {
            return null;
        }
        DbWindow.Statements s = db.statements();
        if (s != null && s.available()) {
            return hit ? s.sharedBlocksHit() : s.sharedBlocksRead();
        }
        return hit ? db.blocksHit() : db.blocksRead();
    }

    private static DbWindow.Statements statements(SubWindows.Measured m) {
        return m.db() == null
                        || m.db().statements() == null
                        || !m.db().statements().available()
                ? null
                : m.db().statements();
    }

    /** The mean over the sub-window's steps of a per-step average of each interval. */
    private static Double weighted(List<IntervalRow> rows, Function<IntervalRow, Double> perStep) {
        double sum = 0;
        long n = 0;
        for (IntervalRow r : rows) {
            long k = r.steps() + r.errors();
            if (k > 0) {
                sum += perStep.apply(r) * k;
                n += k;
            }
        }
        return n == 0 ? null : sum / n;
    }

    private static Double perHour(List<IntervalRow> rows, Function<IntervalRow, Long> count) {
        double seconds = rows.stream().mapToDouble(IntervalRow::seconds).sum();
        long n = rows.stream().mapToLong(count::apply).sum();
        return seconds <= 0 ? null : Throughput.perHour(n, seconds);
    }

    /** The database backends' CPU per step, as the run's figure computes it from the same samples. */
    private static Double dbCpuMsPerStep(SubWindows.Measured m) {
        long steps = m.rows().stream().mapToLong(r -> r.steps() + r.errors()).sum();
        if (m.host() == null || steps == 0) {
            return null;
        }
        Double percent = m.host().databaseBackendsCpuPercent() != null
                ? m.host().databaseBackendsCpuPercent()
                : m.host().dbServerCpuPercent();
        double capacityMs = m.host().seconds() * m.host().logicalCpus() * 1000 / 100;
        return percent == null || percent < 0 ? null : percent * capacityMs / steps;
    }
}
