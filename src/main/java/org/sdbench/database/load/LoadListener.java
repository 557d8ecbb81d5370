package org.sdbench.database.load;

/** Progress of a load. Called from the loading threads, concurrently: implementations must be thread-safe. */
public interface LoadListener {
    LoadListener NONE = new LoadListener() {};

    /** Before the first table: how many rows the whole load will write. */
    default void started(long totalRows) {}

    default void tableStarted(String table, long rows) {}

    /** Rows that just went to the database or file. */
    default void rowsSent(long rows) {}

    default void tableDone(String table, long rows, long nanos) {}

    /** A step that is not row loading, such as "analyze". */
    default void phaseStarted(String phase) {}

    default void phaseDone(String phase, long nanos) {}
}
