package org.sdbench.database.load;

import java.util.Map;

/**
 * What a load wrote: users, rows per table, the time spent writing rows and the time of the
 * statistics update afterwards (ANALYZE; 0 for a dump).
 */
public record LoadResult(int users, Map<String, Long> tableRows, long loadNanos, long analyzeNanos) {
    public LoadResult {
        tableRows = Map.copyOf(tableRows);
    }

    public long rows() {
        return tableRows.values().stream().mapToLong(Long::longValue).sum();
    }

    public double seconds() {
        return (loadNanos + analyzeNanos) / 1e9;
    }

    /** Rows per second over the whole load including ANALYZE. */
    public double rowsPerSecond() {
        return seconds() <= 0 ? 0 : rows() / seconds();
    }
}
