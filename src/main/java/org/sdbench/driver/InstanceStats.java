package org.sdbench.driver;

import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.WireIn;

/** An app-server process's totals since it started, as its last stats reply gave them. */
public record InstanceStats(int number, long numberRangeFetches, long numbersIssued, long numberRangeWaitNs,
                            long unusedNumbers, long tableBufferHits, long tableBufferMisses, long connectionsReplaced,
                            long retriedTransactions, long enqueueRequests, long enqueueConflicts, long enqueueNs,
                            int updateQueue, int recovered, long failedConnectionAttempts, long workProcessesReplaced,
                            long tableBufferEntries, long tableBufferEvictions, long tableBufferInvalidations,
                            long bufferSyncPolls, long v1Parts, long v1CpuNanos, long v2Parts, long v2CpuNanos,
                            int dispatcherQueue,
                            ProcessInfo process) {

    /** Reads the part after the interval update figures. */
    static InstanceStats read(int number, WireIn in) {
        return new InstanceStats(number, in.i64(), in.i64(), in.i64(), in.i64(), in.i64(), in.i64(), in.i64(), in.i64(),
                in.i64(), in.i64(), in.i64(), in.i32(), in.i32(), in.i64(), in.i64(), in.i64(), in.i64(), in.i64(),
                in.i64(), in.i64(), in.i64(), in.i64(), in.i64(), in.i32(), ProcessInfo.read(in));
    }
}
