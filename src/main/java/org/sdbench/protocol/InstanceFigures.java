package org.sdbench.protocol;

import java.util.List;
import java.util.function.ToLongFunction;

/**
 * One app-server instance's totals since it started: the one contract of its figures, whether
 * the instance runs in the driver's process (two-tier) or reports them over the wire (three-tier,
 * {@code protocol.wire.FiguresCodec}). Every report shape is derived from it; a new counter is one
 * component here, its line in the codec, its value where the instance produces it, and its display.
 *
 * @param rollAreaPeak most user contexts this instance held in its roll area at once (ST02's roll
 *     area, max entries used): the users logged on to it at the busiest moment
 * @param dbRoundTrips round trips to the database of this instance's sessions (dialog and update work
 *     processes, sweeps; statements sent together count once)
 */
public record InstanceFigures(
        int number,
        Queues queues,
        NumberRangeFigures numberRanges,
        BufferFigures tableBuffer,
        EnqueueFigures enqueue,
        UpdateWork updateWork,
        Faults faults,
        long rollAreaPeak,
        long dbRoundTrips) {

    /** Requests waiting right now: dialog steps for a work process, update requests for an update work process. */
    public record Queues(int dispatcher, int update) {}

    /** Interval fetches from NRIV, numbers handed out, time spent drawing them, numbers fetched but unused. */
    public record NumberRangeFigures(long fetches, long numbersIssued, long waitNs, long unused) {}

    /**
     * The table buffer: reads served or missed, misses that were an entry's first read while nothing
     * had been displaced or dropped (the buffer still warming), entries now, displacements,
     * invalidations and DDLOG reads.
     */
    public record BufferFigures(
            long hits,
            long misses,
            long firstReads,
            long entries,
            long evictions,
            long invalidations,
            long syncPolls) {}

    /** Enqueue requests this instance made, those refused, and their time as the instance saw it. */
    public record EnqueueFigures(long requests, long conflicts, long lockNs) {
        public double avgLockMicros() {
            return requests == 0 ? 0 : lockNs / 1_000.0 / requests;
        }
    }

    /**
     * The update task's V1 and V2 parts processed and their CPU time, and the SQL statements of the
     * parts that committed (each statement of a pipeline and each COMMIT counted).
     */
    public record UpdateWork(long v1Parts, long v1CpuNanos, long v2Parts, long v2CpuNanos, long dbCalls) {}

    /** What went wrong and was repaired: DB connections replaced, transactions retried, failed opens, dead WPs. */
    public record Faults(
            long connectionsReplaced,
            long retriedTransactions,
            long failedConnectionAttempts,
            long workProcessesReplaced) {}

    /** One figure summed over instances. */
    public static long sum(List<InstanceFigures> all, ToLongFunction<InstanceFigures> figure) {
        return all.stream().mapToLong(figure).sum();
    }
}
