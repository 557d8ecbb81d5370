package org.sdbench.measure.dbstats;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads {@link PgSnapshot}s on one connection of its own (autocommit, so every read sees fresh
 * statistics). pg_stat_statements is optional: when the extension is missing or not preloaded the
 * snapshot says so instead of failing the run.
 */
public final class PgStats {
    /** Statements of this probe itself (and of the speed probe) are left out, they are not the workload's. */
    private static final String OWN = "%pg_stat_%";

    private final Connection c;
    private final String statementsView;
    private final String statementsStatus;
    private final boolean hasStatWal;
    private final boolean hasWalSync;

    public PgStats(Connection c) throws SQLException {
        this.c = c;
        c.setAutoCommit(true);
        String schema =
                one("SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'pg_stat_statements'");
        String view = null;
        String status;
        if (schema == null) {
            status = "pg_stat_statements is not installed in this database (it needs shared_preload_libraries = "
                    + "'pg_stat_statements' and CREATE EXTENSION pg_stat_statements)";
        } else {
            view = schema + ".pg_stat_statements";
            status = probe(view);
            if (!"ok".equals(status)) {
                view = null;
            }
        }
        this.statementsView = view;
        this.statementsStatus = status;
        this.hasStatWal = one("SELECT to_regclass('pg_catalog.pg_stat_wal')::text") != null;
        this.hasWalSync = hasStatWal
                && one("SELECT attname FROM pg_attribute WHERE attrelid = 'pg_catalog.pg_stat_wal'::regclass"
                                + " AND attname = 'wal_sync'")
                        != null;
    }

    private String probe(String view) {
        try (Statement s = c.createStatement()) {
            s.executeQuery("SELECT calls, total_exec_time FROM " + view + " LIMIT 1")
                    .close();
            return "ok";
        } catch (SQLException e) {
            // Typically "must be loaded via shared_preload_libraries" or a pre-1.8 version without total_exec_time.
            return "pg_stat_statements is installed but cannot be read: "
                    + e.getMessage().lines().findFirst().orElse("");
        }
    }

    public boolean statementsAvailable() {
        return statementsView != null;
    }

    public String statementsStatus() {
        return statementsStatus;
    }

    public PgSnapshot snapshot(long nanos) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_stat_clear_snapshot()");
            long[] d = new long[11];
            Double readMs = null;
            try (ResultSet rs = s.executeQuery(
                    "SELECT xact_commit, xact_rollback, blks_read, blks_hit, tup_returned, "
                            + "tup_fetched, tup_inserted, tup_updated, tup_deleted, deadlocks, temp_bytes, blk_read_time, "
                            + "current_setting('track_io_timing') = 'on' FROM pg_stat_database WHERE datname = current_database()")) {
                if (rs.next()) {
                    for (int i = 0; i < d.length; i++) {
                        d[i] = rs.getLong(i + 1);
                    }
                    readMs = rs.getBoolean(d.length + 2) ? rs.getDouble(d.length + 1) : null;
                }
            }
            long lsn = PgSnapshot.lsn(one("SELECT pg_current_wal_lsn()::text"));
            Long walRecords = null;
            Long walFpi = null;
            Long walSyncs = null;
            if (hasStatWal) {
                try (ResultSet rs = s.executeQuery(
                        "SELECT wal_records, wal_fpi, " + (hasWalSync ? "wal_sync" : "NULL") + " FROM pg_stat_wal")) {
                    if (rs.next()) {
                        walRecords = rs.getLong(1);
                        walFpi = rs.getLong(2);
                        walSyncs = hasWalSync ? rs.getLong(3) : null;
                    }
                }
            }
            return new PgSnapshot(
                    nanos,
                    d[0],
                    d[1],
                    d[2],
                    d[3],
                    d[4],
                    d[5],
                    d[6],
                    d[7],
                    d[8],
                    d[9],
                    d[10],
                    lsn,
                    walRecords,
                    walFpi,
                    walSyncs,
                    statements(s),
                    statementsStatus,
                    Long.parseLong(one("SELECT pg_database_size(current_database())::text")),
                    readMs);
        }
    }

    private Map<String, PgSnapshot.StatementCounters> statements(Statement s) throws SQLException {
        if (statementsView == null) {
            return null;
        }
        Map<String, PgSnapshot.StatementCounters> m = new HashMap<>();
        // Summed per query id: one statement can have entries per user and per top-level flag.
        try (ResultSet rs = s.executeQuery("SELECT queryid::text, min(query), sum(calls), sum(total_exec_time), "
                + "sum(rows), sum(shared_blks_hit), sum(shared_blks_read) FROM " + statementsView
                + " WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())"
                + " AND queryid IS NOT NULL AND query NOT LIKE '" + OWN + "' AND query NOT LIKE '%"
                + SpeedProbe.NAME + "%' GROUP BY queryid")) {
            while (rs.next()) {
                m.put(
                        rs.getString(1),
                        new PgSnapshot.StatementCounters(
                                rs.getString(2),
                                rs.getLong(3),
                                rs.getDouble(4),
                                rs.getLong(5),
                                rs.getLong(6),
                                rs.getLong(7)));
            }
        }
        return m;
    }

    private String one(String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
