package org.sdbench.study.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.sdbench.measure.dbstats.DbWindow;
import org.sdbench.report.RunReport;

/**
 * A figure an experiment judges, read from one run's report. Primary figures are what the database
 * did per dialog step: counters that barely move between runs of one setting, so small changes show
 * after a few rounds; they are each comparison's confirmatory family. Secondary figures are the
 * timings and throughput a user quotes; they move with the host's speed from run to run and need
 * more rounds for the same effect. Statement figures are the DB time per call of the statements that
 * took most of the baseline's time. Secondary and statement figures are descriptive.
 *
 * @param name  readable name, unique in an experiment, e.g. "shared blocks read per dialog step"
 * @param unit  unit of the values (the ratio has none)
 * @param kind  primary, secondary or statement
 * @param count what the figure counts, for a count figure; null for a time or throughput figure
 */
public record Figure(String name, String unit, Kind kind, Function<RunReport, Double> value, Count count) {
    public enum Kind {
        PRIMARY,
        SECONDARY,
        STATEMENT;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The events behind a count figure's value in one run, so that a ratio is formed only from runs
     * that counted enough of them, and whether the value is per dialog step: then the difference of
     * two runs is meaningful too, when one counted too few for a ratio.
     *
     * @param events  what is counted, e.g. "blocks read"
     * @param counted how many a run counted (null when it did not measure them)
     */
    public record Count(String events, Function<RunReport, Long> counted, boolean perStep) {}

    /** The family of a kind's figures: primary figures are confirmatory, the others descriptive. */
    public String family() {
        return kind == Kind.PRIMARY ? FigureResult.CONFIRMATORY : FigureResult.DESCRIPTIVE;
    }

    /** How many of the baseline's most time-consuming statements get a figure of their own. */
    static final int STATEMENTS = 5;

    /** The figure a memory setting moves first; the terminal shows it for every run. */
    static final Figure BLOCKS_READ = primary(
            "shared blocks read per dialog step",
            "blocks",
            r -> perStep(r, blocks(r, false)),
            new Count("blocks read", r -> blocks(r, false), true));

    private static final List<Figure> FIXED = List.of(
            BLOCKS_READ,
            primary(
                    "shared blocks hit per dialog step",
                    "blocks",
                    r -> perStep(r, blocks(r, true)),
                    new Count("blocks hit", r -> blocks(r, true), true)),
            primary(
                    "read time per block read",
                    "ms",
                    Figure::readMsPerBlock,
                    new Count("blocks read", r -> db(r) == null ? null : db(r).blocksRead(), false)),
            primary(
                    "WAL bytes per dialog step",
                    "bytes",
                    r -> perStep(r, db(r) == null ? null : db(r).walBytes()),
                    new Count("WAL records", r -> db(r) == null ? null : db(r).walRecords(), true)),
            primary(
                    "commits per dialog step",
                    "",
                    r -> perStep(r, db(r) == null ? null : db(r).commits()),
                    new Count("commits", r -> db(r) == null ? null : db(r).commits(), true)),
            primary(
                    "WAL flushes per dialog step",
                    "",
                    r -> perStep(r, db(r) == null ? null : db(r).walSyncs()),
                    new Count("WAL flushes", r -> db(r) == null ? null : db(r).walSyncs(), true)),
            primary(
                    "temp bytes per dialog step",
                    "bytes",
                    r -> perStep(r, db(r) == null ? null : db(r).tempBytes()),
                    new Count("temp blocks of 8 kB", r -> db(r) == null ? null : db(r).tempBytes() / 8192, true)),
            primary(
                    "DB calls per dialog step",
                    "",
                    r -> perStep(r, statements(r) == null ? null : statements(r).calls()),
                    new Count(
                            "DB calls",
                            r -> statements(r) == null ? null : statements(r).calls(),
                            true)),
            primary(
                    "DB time per call",
                    "ms",
                    r -> statements(r) == null ? null : statements(r).meanExecMs(),
                    new Count(
                            "DB calls",
                            r -> statements(r) == null ? null : statements(r).calls(),
                            false)),
            primary(
                    "DB CPU per dialog step",
                    "ms",
                    r -> r.work() == null ? null : r.work().dbCpuMsPerStep(),
                    null),
            secondary(
                    "avg dialog response time",
                    "ms",
                    r -> r.summary().overall().response().avgMs()),
            secondary(
                    "p95 dialog response time",
                    "ms",
                    r -> r.summary().overall().response().p95Ms()),
            secondary(
                    "DB request time per dialog step",
                    "ms",
                    r -> r.summary().overall().avg().dbMs()),
            secondary("dialog steps per hour", "DS/h", r -> r.throughput().dialogStepsPerHour()),
            secondary("SAPS-like", "", r -> r.throughput().sapsLike()),
            secondary(
                    "simulator CPU per dialog step",
                    "ms",
                    r -> r.work() == null ? null : r.work().appCpuMsPerStep()),
            // The DB CPU at the speed probe's reference speed: a host that got slower between runs
            // moves the raw figure, this one much less.
            secondary(
                    "DB CPU per dialog step at reference speed",
                    "ms",
                    r -> r.work() == null ? null : r.work().dbCpuMsPerStepNormalised()));

    /**
     * The figures of an experiment: the fixed ones, then one per statement among the baseline's
     * {@link #STATEMENTS} most time-consuming in its first run (pg_stat_statements' query id).
     */
    static List<Figure> of(RunReport firstBaselineRun) {
        List<Figure> all = new ArrayList<>(FIXED);
        DbWindow.Statements s = statements(firstBaselineRun);
        if (s != null) {
            Map<String, String> top = new LinkedHashMap<>();
            s.top().stream().limit(STATEMENTS).forEach(st -> top.put(st.queryId(), shorten(st.query())));
            top.forEach((id, text) -> {
                // Two statements can share their first characters: the query id keeps the names apart.
                boolean shared = top.values().stream().filter(text::equals).count() > 1;
                String name = "DB time per call: " + text + (shared ? " [" + id + "]" : "");
                all.add(new Figure(
                        name,
                        "ms",
                        Kind.STATEMENT,
                        r -> statementMeanMs(r, id),
                        new Count("calls", r -> statementCalls(r, id), false)));
            });
        }
        return List.copyOf(all);
    }

    /** The fixed figures (without the statements), in the order an experiment reports them. */
    static List<Figure> fixed() {
        return FIXED;
    }

    private static Figure primary(String name, String unit, Function<RunReport, Double> f, Count count) {
        return new Figure(name, unit, Kind.PRIMARY, f, count);
    }

    private static Figure secondary(String name, String unit, Function<RunReport, Double> f) {
        return new Figure(name, unit, Kind.SECONDARY, f, null);
    }

    private static DbWindow db(RunReport r) {
        return r.dbWindow();
    }

    private static DbWindow.Statements statements(RunReport r) {
        return r.dbWindow() == null
                        || r.dbWindow().statements() == null
                        || !r.dbWindow().statements().available()
                ? null
                : r.dbWindow().statements();
    }

    /**
     * The workload's own statements' blocks (pg_stat_statements) where the server has them: pg_stat_database
     * also counts autovacuum's, which lands in one run's window and not in the next.
     */
    private static Long blocks(RunReport r, boolean hit) {
        DbWindow.Statements s = statements(r);
        if (s != null) {
            return hit ? s.sharedBlocksHit() : s.sharedBlocksRead();
        }
        return db(r) == null ? null : hit ? db(r).blocksHit() : db(r).blocksRead();
    }

    /** Microseconds when the OS page cache supplied the block, milliseconds when the disk did. */
    private static Double readMsPerBlock(RunReport r) {
        DbWindow w = db(r);
        return w == null || w.blockReadTimeMs() == null || w.blocksRead() == 0
                ? null
                : w.blockReadTimeMs() / w.blocksRead();
    }

    private static Double perStep(RunReport r, Long count) {
        long steps = r.summary().overall().count();
        return count == null || steps == 0 ? null : (double) count / steps;
    }

    /**
     * The statement's mean time per call in the run, from the run's whole pg_stat_statements delta:
     * 0 calls (null time) when it did not run in the window. Reports written without the whole delta
     * have only their top list; a statement outside it there is not measured (null).
     */
    private static Double statementMeanMs(RunReport r, String queryId) {
        DbWindow.Calls c = statementCallsOf(r, queryId);
        return c == null || c.calls() == 0 ? null : c.totalMs() / c.calls();
    }

    private static Long statementCalls(RunReport r, String queryId) {
        DbWindow.Calls c = statementCallsOf(r, queryId);
        return c == null ? null : c.calls();
    }

    private static DbWindow.Calls statementCallsOf(RunReport r, String queryId) {
        DbWindow.Statements s = statements(r);
        if (s == null) {
            return null;
        }
        if (s.byQueryId() != null) {
            return s.byQueryId().getOrDefault(queryId, new DbWindow.Calls(0, 0));
        }
        return s.top().stream()
                .filter(st -> st.queryId().equals(queryId))
                .findFirst()
                .map(st -> new DbWindow.Calls(st.calls(), st.totalMs()))
                .orElse(null);
    }

    /** The statement's normalised text on one line, at most 60 characters. */
    static String shorten(String query) {
        String one = query == null ? "?" : query.replaceAll("\\s+", " ").strip();
        return one.length() <= 60 ? one : one.substring(0, 57) + "...";
    }
}
