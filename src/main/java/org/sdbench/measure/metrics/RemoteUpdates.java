package org.sdbench.measure.metrics;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.sdbench.protocol.UpdateListener;
import org.sdbench.protocol.wire.UpdateInterval;
import org.sdbench.protocol.wire.WireException;

/**
 * The update task's figures in an app-server process, recorded per interval and shipped to the
 * driver on request: the histogram travels encoded (HdrHistogram's compressed form), never as
 * percentiles, so the driver's merge over all instances is exact.
 */
public final class RemoteUpdates implements UpdateListener {
    private final Recorder saveToCommitted = Histograms.recorder();
    private final LongAdder v1DbNs = new LongAdder();
    private final LongAdder v2DbNs = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder lineItems = new LongAdder();
    private final LongAccumulator queueMax = new LongAccumulator(Math::max, 0);
    private final Histogram interval = Histograms.histogram();

    @Override
    public void v1Committed(long saveToCommittedNanos, long dbNanos, int dbCalls, int items) {
        if (saveToCommittedNanos >= 0) {
            saveToCommitted.recordValue(Histograms.micros(saveToCommittedNanos));
            v1DbNs.add(dbNanos);
        }
        lineItems.add(items);
    }

    @Override
    public void v1Failed(String reason) {
        failed.increment();
    }

    @Override
    public void v2Committed(long dbNanos, int dbCalls) {
        v2DbNs.add(dbNanos);
    }

    @Override
    public void queueLength(int length) {
        queueMax.accumulate(length);
    }

    /** Drains what was recorded since the last call; one caller at a time. */
    public UpdateInterval drain() {
        saveToCommitted.getIntervalHistogramInto(interval);
        ByteBuffer b = ByteBuffer.allocate(interval.getNeededByteBufferCapacity());
        int n = interval.encodeIntoCompressedByteBuffer(b);
        byte[] encoded = new byte[n];
        b.flip();
        b.get(encoded);
        return new UpdateInterval(
                encoded,
                v1DbNs.sumThenReset(),
                v2DbNs.sumThenReset(),
                failed.sumThenReset(),
                lineItems.sumThenReset(),
                queueMax.getThenReset());
    }

    /** Adds what {@link #drain} gave an app server to the driver's metrics. */
    public static void mergeInto(UpdateInterval u, RunMetrics metrics) {
        Histogram h;
        try {
            h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(u.histogram()), Histograms.HIGHEST_MICROS);
        } catch (DataFormatException | RuntimeException e) {
            throw new WireException("an app server sent a corrupted update histogram: " + e.getMessage());
        }
        metrics.mergeRemoteUpdates(h, u.v1DbNs(), u.v2DbNs(), u.failed(), u.lineItems(), u.queueMax());
    }
}
