package org.sdbench.study.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.sdbench.core.EnvironmentException;
import org.sdbench.database.Database;

/**
 * The rows a stretch of work read and wrote in each table of the schema, from PostgreSQL's own
 * table statistics: what tells whether a replay did the recorded run's work (a replayed step that
 * ran before the step that wrote its document reads fewer rows and is cheaper), with nothing to
 * install. A backend hands its counts to the statistics when it ends, or when it has been idle
 * long enough; {@link #settled} waits for that, so two readings bracket all of the work between.
 *
 * @param rows per table: rows read (sequential and index scans), inserted, updated, deleted
 */
record TableWork(Map<String, long[]> rows) {
    /** PostgreSQL's PGSTAT_IDLE_INTERVAL: an idle backend reports what it has not reported yet at the latest after it. */
    private static final Duration IDLE_REPORT = Duration.ofSeconds(10);

    private static final String[] KINDS = {"read", "inserted", "updated", "deleted"};

    /** A share of rows read per table further from 1 than this is named. */
    static final double NAMED_BEYOND = 0.05;

    /**
     * The counts once every other backend of this database has ended or stayed idle past the
     * server's report interval, waiting at most {@code bound}; null when that did not happen in time,
     * so that no comparison claims more than the statistics held.
     */
    static TableWork settled(Database db, Duration bound) throws InterruptedException {
        long deadline = System.nanoTime() + bound.toNanos();
        try (Connection c = db.connect();
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            while (busyBackends(s) > 0) {
                if (System.nanoTime() - deadline > 0) {
                    return null;
                }
                // The server's state, not ours: nothing to wake this thread when it changes.
                TimeUnit.MILLISECONDS.sleep(250);
            }
            return read(s);
        } catch (SQLException e) {
            throw new EnvironmentException(
                    "reading the table statistics of " + db.describe() + " failed: " + e.getMessage());
        }
    }

    private static long busyBackends(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                + " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                + " AND (state <> 'idle' OR state_change > now() - interval '" + (IDLE_REPORT.toSeconds() + 1)
                + " seconds')")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static TableWork read(Statement s) throws SQLException {
        Map<String, long[]> m = new TreeMap<>();
        s.execute("SELECT pg_stat_clear_snapshot()");
        try (ResultSet rs = s.executeQuery("SELECT relname, coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0),"
                + " n_tup_ins, n_tup_upd, n_tup_del FROM pg_stat_user_tables WHERE schemaname = current_schema()")) {
            while (rs.next()) {
                m.put(rs.getString(1), new long[] {rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5)});
            }
        }
        return new TableWork(m);
    }

    /** What happened between {@code before} and this reading. */
    TableWork since(TableWork before) {
        Map<String, long[]> m = new TreeMap<>();
        rows.forEach((table, now) -> {
            long[] was = before.counts(table);
            long[] d = new long[KINDS.length];
            for (int k = 0; k < d.length; k++) {
                d[k] = now[k] - was[k];
            }
            m.put(table, d);
        });
        return new TableWork(m);
    }

    long total(int kind) {
        return rows.values().stream().mapToLong(r -> r[kind]).sum();
    }

    /**
     * The replay's rows against the recorded run's, in all and for each kind, then the tables whose
     * reads differ by more than {@link #NAMED_BEYOND} (at most {@code maxNamed}, the largest first).
     */
    static List<String> compare(TableWork recorded, TableWork replayed, int maxNamed) {
        List<String> lines = new ArrayList<>();
        StringBuilder all = new StringBuilder("replay work           rows");
        for (int k = 0; k < KINDS.length; k++) {
            all.append(String.format(
                    Locale.ROOT,
                    "%s %s %,d against %,d (%s)",
                    k == 0 ? "" : ",",
                    KINDS[k],
                    replayed.total(k),
                    recorded.total(k),
                    share(replayed.total(k), recorded.total(k))));
        }
        lines.add(all.append(" in the recorded run (PostgreSQL's table statistics)")
                .toString());
        List<String> read = recorded.rows.entrySet().stream()
                .filter(e -> e.getValue()[0] > 0)
                .sorted((x, y) -> Long.compare(y.getValue()[0], x.getValue()[0]))
                .map(Map.Entry::getKey)
                .toList();
        List<String> differ = read.stream()
                .filter(t -> Math.abs((double) replayed.counts(t)[0] / recorded.counts(t)[0] - 1) > NAMED_BEYOND)
                .map(t -> String.format(
                        Locale.ROOT, "%s %,d against %,d", t, replayed.counts(t)[0], recorded.counts(t)[0]))
                .toList();
        long percent = Math.round(NAMED_BEYOND * 100);
        lines.add(
                differ.isEmpty()
                        ? String.format(
                                Locale.ROOT,
                                "  rows read: every one of the %d tables read within %d %%",
                                read.size(),
                                percent)
                        : String.format(
                                Locale.ROOT,
                                "  rows read: %d of the %d tables read within %d %%; off by more: %s",
                                read.size() - differ.size(),
                                read.size(),
                                percent,
                                named(differ, maxNamed)));
        lines.add(written(recorded, replayed, maxNamed));
        return lines;
    }

    /** Writes follow from the statements alone: any table whose rows written differ at all is named. */
    private static String written(TableWork recorded, TableWork replayed, int maxNamed) {
        List<String> differ = new ArrayList<>();
        Map<String, long[]> tables = new TreeMap<>(recorded.rows);
        replayed.rows.forEach(tables::putIfAbsent);
        tables.keySet().forEach(table -> {
            long[] was = recorded.counts(table);
            long[] now = replayed.counts(table);
            for (int k = 1; k < KINDS.length; k++) {
                if (was[k] != now[k]) {
                    differ.add(String.format(Locale.ROOT, "%s %s %,d against %,d", table, KINDS[k], now[k], was[k]));
                }
            }
        });
        return differ.isEmpty()
                ? "  rows written: the same in every table"
                : "  rows written differently: " + named(differ, maxNamed);
    }

    /** A table's counts; zeros for a table this reading did not see. */
    private long[] counts(String table) {
        return rows.getOrDefault(table, new long[KINDS.length]);
    }

    /** The first {@code max} of {@code items}, and a mark when there were more. */
    private static String named(List<String> items, int max) {
        return String.join(", ", items.subList(0, Math.min(max, items.size()))) + (items.size() > max ? ", ..." : "");
    }

    private static String share(long part, long whole) {
        return whole == 0
                ? (part == 0 ? "same" : "none recorded")
                : String.format(Locale.ROOT, "%.1f %%", 100.0 * part / whole);
    }
}
