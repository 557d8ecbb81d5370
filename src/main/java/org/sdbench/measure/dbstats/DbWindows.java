package org.sdbench.measure.dbstats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Turns the snapshots at the window's start and end into a {@link DbWindow}. */
public final class DbWindows {
    /** How many statements the report lists. */
    public static final int TOP = 15;

    private static final int MAX_QUERY_CHARS = 400;
    /** BEGIN costs no round trip of its own in pgjdbc, so it is not a call the client counted. */
    private static final String BEGIN = "BEGIN";

    private DbWindows() {}

    /**
     * @param clientMsPerRoundTrip DB request time per round trip that the dialog steps observed,
     *     negative when unknown
     */
    public static DbWindow delta(PgSnapshot a, PgSnapshot b, double clientMsPerRoundTrip) {
        double seconds = (b.nanos() - a.nanos()) / 1e9;
        long read = b.blocksRead() - a.blocksRead();
        long hit = b.blocksHit() - a.blocksHit();
        long commits = b.commits() - a.commits();
        return new DbWindow(
                seconds,
                DbWindow.SCOPE,
                commits,
                b.rollbacks() - a.rollbacks(),
                seconds <= 0 ? 0 : commits / seconds,
                read,
                hit,
                hit + read == 0 ? 0 : (double) hit / (hit + read),
                b.tuplesReturned() - a.tuplesReturned(),
                b.tuplesFetched() - a.tuplesFetched(),
                b.tuplesInserted() - a.tuplesInserted(),
                b.tuplesUpdated() - a.tuplesUpdated(),
                b.tuplesDeleted() - a.tuplesDeleted(),
                b.deadlocks() - a.deadlocks(),
                b.tempBytes() - a.tempBytes(),
                b.walLsn() - a.walLsn(),
                diff(a.walRecords(), b.walRecords()),
                diff(a.walFullPageImages(), b.walFullPageImages()),
                diff(a.walSyncs(), b.walSyncs()),
                statements(a, b, clientMsPerRoundTrip),
                b.dbSizeBytes(),
                b.dbSizeBytes() - a.dbSizeBytes(),
                null,
                a.blockReadTimeMs() == null || b.blockReadTimeMs() == null
                        ? null
                        : b.blockReadTimeMs() - a.blockReadTimeMs());
    }

    private static Long diff(Long a, Long b) {
        return a == null || b == null ? null : b - a;
    }

    private static DbWindow.Statements statements(PgSnapshot a, PgSnapshot b, double clientMs) {
        if (a.statements() == null || b.statements() == null) {
            return new DbWindow.Statements(false, b.statementsStatus(), 0, 0, 0, null, List.of(), 0, 0, null);
        }
        List<DbWindow.Statement> all = new ArrayList<>();
        long calls = 0;
        double total = 0;
        long clientCalls = 0;
        double clientTotal = 0;
        for (Map.Entry<String, PgSnapshot.StatementCounters> e : b.statements().entrySet()) {
            var end = e.getValue();
            var start = a.statements().get(e.getKey());
            long n = end.calls() - (start == null ? 0 : start.calls());
            double ms = end.totalExecMs() - (start == null ? 0 : start.totalExecMs());
            if (n <= 0) {
                // Not run in the window, or pg_stat_statements was reset or evicted the entry meanwhile.
                continue;
            }
            calls += n;
            total += ms;
            if (!BEGIN.equalsIgnoreCase(end.query().strip())) {
                clientCalls += n;
                clientTotal += ms;
            }
            all.add(new DbWindow.Statement(
                    e.getKey(),
                    shorten(end.query()),
                    n,
                    ms,
                    ms / n,
                    0,
                    end.rows() - (start == null ? 0 : start.rows()),
                    end.sharedBlocksHit() - (start == null ? 0 : start.sharedBlocksHit()),
                    end.sharedBlocksRead() - (start == null ? 0 : start.sharedBlocksRead())));
        }
        final double sum = total;
        List<DbWindow.Statement> top = all.stream()
                .sorted(Comparator.comparingDouble(DbWindow.Statement::totalMs).reversed())
                .limit(TOP)
                .map(s -> new DbWindow.Statement(
                        s.queryId(),
                        s.query(),
                        s.calls(),
                        s.totalMs(),
                        s.meanMs(),
                        sum <= 0 ? 0 : 100 * s.totalMs() / sum,
                        s.rows(),
                        s.sharedBlocksHit(),
                        s.sharedBlocksRead()))
                .toList();
        DbWindow.ClientVsDb cmp = null;
        if (clientMs >= 0 && clientCalls > 0) {
            double db = clientTotal / clientCalls;
            cmp = new DbWindow.ClientVsDb(
                    clientMs,
                    db,
                    clientMs - db,
                    "client: dialog steps' DB request time per round "
                            + "trip (statements and commits, through JDBC and the network); DB: pg_stat_statements execution "
                            + "time per call of this database's statements except BEGIN, dialog and update task together");
        }
        return new DbWindow.Statements(
                true,
                "ok",
                calls,
                total,
                calls == 0 ? 0 : total / calls,
                cmp,
                top,
                all.stream().mapToLong(DbWindow.Statement::sharedBlocksHit).sum(),
                all.stream().mapToLong(DbWindow.Statement::sharedBlocksRead).sum(),
                byQueryId(all));
    }

    private static Map<String, DbWindow.Calls> byQueryId(List<DbWindow.Statement> all) {
        Map<String, DbWindow.Calls> m = new TreeMap<>();
        all.forEach(s -> m.put(s.queryId(), new DbWindow.Calls(s.calls(), s.totalMs())));
        return m;
    }

    private static String shorten(String q) {
        String one = q.replaceAll("\\s+", " ").strip();
        return one.length() <= MAX_QUERY_CHARS ? one : one.substring(0, MAX_QUERY_CHARS - 1) + "…";
    }
}
