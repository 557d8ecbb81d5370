package org.sdbench.measure.dbstats;

import java.util.Map;

/**
 * Cumulative PostgreSQL statistics at one instant: this database's row of pg_stat_database, the
 * cluster's WAL position and pg_stat_wal, and this database's pg_stat_statements entries by
 * query id. Two snapshots at the window boundaries give the window's DB-side work.
 *
 * @param walLsn the WAL insert position as a byte offset (pg_current_wal_lsn)
 * @param walRecords pg_stat_wal.wal_records, null before PostgreSQL 14
 * @param statements pg_stat_statements by query id, null when it cannot be read
 * @param statementsStatus why statements is null, or "ok"
 * @param dbSizeBytes this database's size on disk (pg_database_size)
 * @param walSyncs pg_stat_wal.wal_sync, the WAL flushes to disk; null where the server does not count them
 *     (before PostgreSQL 14, or from 18 on where they moved to pg_stat_io)
 * @param blockReadTimeMs pg_stat_database.blk_read_time: time spent reading blocks from outside shared buffers;
 *     null while track_io_timing is off (the server then counts nothing)
 */
public record PgSnapshot(
        long nanos,
        long commits,
        long rollbacks,
        long blocksRead,
        long blocksHit,
        long tuplesReturned,
        long tuplesFetched,
        long tuplesInserted,
        long tuplesUpdated,
        long tuplesDeleted,
        long deadlocks,
        long tempBytes,
        long walLsn,
        Long walRecords,
        Long walFullPageImages,
        Long walSyncs,
        Map<String, StatementCounters> statements,
        String statementsStatus,
        long dbSizeBytes,
        Double blockReadTimeMs) {

    /** One pg_stat_statements entry's cumulative counters. */
    public record StatementCounters(
            String query, long calls, double totalExecMs, long rows, long sharedBlocksHit, long sharedBlocksRead) {}

    /** Parses a pg_lsn text such as {@code 16/B374D848} into a byte offset. */
    public static long lsn(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            throw new IllegalArgumentException("pg_lsn '" + text + "' is not of the form HI/LO (hexadecimal)");
        }
        return (Long.parseLong(text.substring(0, slash), 16) << 32) | Long.parseLong(text.substring(slash + 1), 16);
    }
}
