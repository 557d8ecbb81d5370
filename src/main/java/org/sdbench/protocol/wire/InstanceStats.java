package org.sdbench.protocol.wire;

/** An app-server process's totals since it started, as its last stats reply gave them. */
public record InstanceStats(
        int number,
        long numberRangeFetches,
        long numbersIssued,
        long numberRangeWaitNs,
        long unusedNumbers,
        long tableBufferHits,
        long tableBufferMisses,
        long connectionsReplaced,
        long retriedTransactions,
        long enqueueRequests,
        long enqueueConflicts,
        long enqueueNs,
        int updateQueue,
        int recovered,
        long failedConnectionAttempts,
        long workProcessesReplaced,
        long tableBufferEntries,
        long tableBufferEvictions,
        long tableBufferInvalidations,
        long bufferSyncPolls,
        long v1Parts,
        long v1CpuNanos,
        long v2Parts,
        long v2CpuNanos,
        int dispatcherQueue,
        ProcessInfo process) {

    WireOut write(WireOut o) {
        o.i32(number)
                .i64(numberRangeFetches)
                .i64(numbersIssued)
                .i64(numberRangeWaitNs)
                .i64(unusedNumbers)
                .i64(tableBufferHits)
                .i64(tableBufferMisses)
                .i64(connectionsReplaced)
                .i64(retriedTransactions)
                .i64(enqueueRequests)
                .i64(enqueueConflicts)
                .i64(enqueueNs)
                .i32(updateQueue)
                .i32(recovered)
                .i64(failedConnectionAttempts)
                .i64(workProcessesReplaced)
                .i64(tableBufferEntries)
                .i64(tableBufferEvictions)
                .i64(tableBufferInvalidations)
                .i64(bufferSyncPolls)
                .i64(v1Parts)
                .i64(v1CpuNanos)
                .i64(v2Parts)
                .i64(v2CpuNanos)
                .i32(dispatcherQueue);
        return process.write(o);
    }

    static InstanceStats read(WireIn in) {
        return new InstanceStats(
                in.i32("stats.number", 1, Limits.MAX_INSTANCE),
                in.count("stats.numberRangeFetches"),
                in.count("stats.numbersIssued"),
                in.count("stats.numberRangeWaitNs"),
                in.count("stats.unusedNumbers"),
                in.count("stats.tableBufferHits"),
                in.count("stats.tableBufferMisses"),
                in.count("stats.connectionsReplaced"),
                in.count("stats.retriedTransactions"),
                in.count("stats.enqueueRequests"),
                in.count("stats.enqueueConflicts"),
                in.count("stats.enqueueNs"),
                in.i32("stats.updateQueue", 0, Integer.MAX_VALUE),
                in.i32("stats.recovered", 0, Integer.MAX_VALUE),
                in.count("stats.failedConnectionAttempts"),
                in.count("stats.workProcessesReplaced"),
                in.count("stats.tableBufferEntries"),
                in.count("stats.tableBufferEvictions"),
                in.count("stats.tableBufferInvalidations"),
                in.count("stats.bufferSyncPolls"),
                in.count("stats.v1Parts"),
                in.count("stats.v1CpuNanos"),
                in.count("stats.v2Parts"),
                in.count("stats.v2CpuNanos"),
                in.i32("stats.dispatcherQueue", 0, Integer.MAX_VALUE),
                ProcessInfo.read(in));
    }
}
