package org.sdbench.protocol.wire;

import org.sdbench.protocol.InstanceFigures;
import org.sdbench.protocol.InstanceFigures.BufferFigures;
import org.sdbench.protocol.InstanceFigures.EnqueueFigures;
import org.sdbench.protocol.InstanceFigures.Faults;
import org.sdbench.protocol.InstanceFigures.NumberRangeFigures;
import org.sdbench.protocol.InstanceFigures.Queues;
import org.sdbench.protocol.InstanceFigures.UpdateWork;

/**
 * The one codec of an app server's {@link InstanceFigures}: every field in the order written out
 * here, nested records in place, an {@code int} as i32 and a {@code long} as i64, none negative.
 * The order is the wire's, not the record's: reordering the record's components changes nothing
 * on the wire, and a counter added to the record crosses it once it has its line here (both ends
 * run the same build; the handshake checks the version).
 */
public final class FiguresCodec {
    private FiguresCodec() {}

    static WireOut write(WireOut o, InstanceFigures f) {
        o.i32(f.number());
        Queues q = f.queues();
        o.i32(q.dispatcher()).i32(q.update());
        NumberRangeFigures n = f.numberRanges();
        o.i64(n.fetches()).i64(n.numbersIssued()).i64(n.waitNs()).i64(n.unused());
        BufferFigures b = f.tableBuffer();
        o.i64(b.hits())
                .i64(b.misses())
                .i64(b.firstReads())
                .i64(b.entries())
                .i64(b.evictions())
                .i64(b.invalidations())
                .i64(b.syncPolls());
        EnqueueFigures e = f.enqueue();
        o.i64(e.requests()).i64(e.conflicts()).i64(e.lockNs());
        UpdateWork u = f.updateWork();
        o.i64(u.v1Parts())
                .i64(u.v1CpuNanos())
                .i64(u.v2Parts())
                .i64(u.v2CpuNanos())
                .i64(u.dbCalls());
        Faults x = f.faults();
        o.i64(x.connectionsReplaced())
                .i64(x.retriedTransactions())
                .i64(x.failedConnectionAttempts())
                .i64(x.workProcessesReplaced());
        return o.i64(f.rollAreaPeak()).i64(f.dbRoundTrips());
    }

    static InstanceFigures read(WireIn in) {
        int number = in.i32("stats.number", 0, Integer.MAX_VALUE);
        var queues = new Queues(
                in.i32("stats.queues.dispatcher", 0, Integer.MAX_VALUE),
                in.i32("stats.queues.update", 0, Integer.MAX_VALUE));
        var numberRanges = new NumberRangeFigures(
                in.count("stats.numberRanges.fetches"),
                in.count("stats.numberRanges.numbersIssued"),
                in.count("stats.numberRanges.waitNs"),
                in.count("stats.numberRanges.unused"));
        var tableBuffer = new BufferFigures(
                in.count("stats.tableBuffer.hits"),
                in.count("stats.tableBuffer.misses"),
                in.count("stats.tableBuffer.firstReads"),
                in.count("stats.tableBuffer.entries"),
                in.count("stats.tableBuffer.evictions"),
                in.count("stats.tableBuffer.invalidations"),
                in.count("stats.tableBuffer.syncPolls"));
        var enqueue = new EnqueueFigures(
                in.count("stats.enqueue.requests"),
                in.count("stats.enqueue.conflicts"),
                in.count("stats.enqueue.lockNs"));
        var updateWork = new UpdateWork(
                in.count("stats.updateWork.v1Parts"),
                in.count("stats.updateWork.v1CpuNanos"),
                in.count("stats.updateWork.v2Parts"),
                in.count("stats.updateWork.v2CpuNanos"),
                in.count("stats.updateWork.dbCalls"));
        var faults = new Faults(
                in.count("stats.faults.connectionsReplaced"),
                in.count("stats.faults.retriedTransactions"),
                in.count("stats.faults.failedConnectionAttempts"),
                in.count("stats.faults.workProcessesReplaced"));
        var f = new InstanceFigures(
                number,
                queues,
                numberRanges,
                tableBuffer,
                enqueue,
                updateWork,
                faults,
                in.count("stats.rollAreaPeak"),
                in.count("stats.dbRoundTrips"));
        WireIn.check("stats.number", f.number(), 1, Limits.MAX_INSTANCE);
        return f;
    }
}
