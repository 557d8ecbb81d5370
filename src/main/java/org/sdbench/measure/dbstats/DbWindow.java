package org.sdbench.measure.dbstats;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the database did during the measurement window: the difference of two {@link PgSnapshot}s.
 * pg_stat_database counters cover every session of this database (not only sdbench's) and are
 * flushed by busy backends about once a second, so the boundaries are accurate to about a second;
 * WAL figures are cluster-wide.
 *
 * @param bufferCacheHitRatio blocksHit / (blocksHit + blocksRead); 0 when nothing was read
 * @param walRecords null when pg_stat_wal is not available (PostgreSQL before 14)
 * @param dbSizeBytes this database's size at the window's end (pg_database_size)
 * @param dbGrowthBytes how much it grew during the window
 * @param walBytesPerDialogStep walBytes per successful dialog step of the window; null until the
 *     report knows the steps ({@link #withDialogSteps})
 * @param walSyncs WAL flushes to disk in the window, cluster-wide (a commit that waits for its WAL causes one,
 *     unless a concurrent one covered it); null where the server does not count them
 * @param blockReadTimeMs time the backends spent reading the window's blocksRead (track_io_timing): a few
 *     microseconds per block when the OS page cache had them, far more when the disk did; null when
 *     track_io_timing is off
 */
public record DbWindow(
        double seconds,
        String scope,
        long commits,
        long rollbacks,
        double commitsPerSecond,
        long blocksRead,
        long blocksHit,
        double bufferCacheHitRatio,
        long tuplesReturned,
        long tuplesFetched,
        long tuplesInserted,
        long tuplesUpdated,
        long tuplesDeleted,
        long deadlocks,
        long tempBytes,
        long walBytes,
        Long walRecords,
        Long walFullPageImages,
        Long walSyncs,
        Statements statements,
        long dbSizeBytes,
        long dbGrowthBytes,
        Double walBytesPerDialogStep,
        Double blockReadTimeMs) {

    public static final String SCOPE = "pg_stat_database of this database (all its sessions); WAL cluster-wide";

    /** The same window with its WAL per dialog step. */
    public DbWindow withDialogSteps(long steps) {
        return new DbWindow(
                seconds,
                scope,
                commits,
                rollbacks,
                commitsPerSecond,
                blocksRead,
                blocksHit,
                bufferCacheHitRatio,
                tuplesReturned,
                tuplesFetched,
                tuplesInserted,
                tuplesUpdated,
                tuplesDeleted,
                deadlocks,
                tempBytes,
                walBytes,
                walRecords,
                walFullPageImages,
                walSyncs,
                statements,
                dbSizeBytes,
                dbGrowthBytes,
                steps <= 0 ? null : (double) walBytes / steps,
                blockReadTimeMs);
    }

    /**
     * pg_stat_statements over the window.
     *
     * @param available false when the extension is missing or unreadable; {@code status} says why
     * @param totalExecMs DB-side execution time of all statements of this database in the window
     * @param top the statements with the most execution time, most first
     * @param sharedBlocksHit shared blocks all of this database's statements found in the buffer cache: unlike
     *     pg_stat_database's, without what autovacuum and other maintenance read
     * @param sharedBlocksRead shared blocks they read from outside the buffer cache
     * @param byQueryId every statement run in the window (not only the top ones), by query id: what an
     *     experiment pairs run by run, so a statement that falls out of one run's top list is not lost;
     *     null in reports written without it
     */
    public record Statements(
            boolean available,
            String status,
            long calls,
            double totalExecMs,
            double meanExecMs,
            ClientVsDb clientVsDb,
            List<Statement> top,
            long sharedBlocksHit,
            long sharedBlocksRead,
            Map<String, Calls> byQueryId) {
        public Statements {
            top = top == null ? List.of() : List.copyOf(top);
            byQueryId = byQueryId == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(byQueryId));
        }
    }

    /** One statement's calls and execution time in the window. */
    public record Calls(long calls, double totalMs) {}

    /** One statement's work in the window; query text as pg_stat_statements normalised it. */
    public record Statement(
            String queryId,
            String query,
            long calls,
            double totalMs,
            double meanMs,
            double percentOfTotal,
            long rows,
            long sharedBlocksHit,
            long sharedBlocksRead) {}

    /**
     * DB-side statement time next to the time the dialog work processes observed per DB round
     * trip. The client figure includes network, driver and JDBC time; the difference is that cost
     * (the NIPING lesson). The DB side also contains the update task's statements.
     */
    public record ClientVsDb(double clientMsPerRoundTrip, double dbMsPerCall, double gapMs, String note) {}
}
