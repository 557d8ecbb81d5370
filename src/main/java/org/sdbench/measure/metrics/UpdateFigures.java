package org.sdbench.measure.metrics;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The update task's figures of a run: recorded live by any thread (this process's update work processes, and the
 * intervals app servers send), drained per interval into the window's. {@link RunMetrics} drains and reads them
 * under its harvest lock only.
 */
final class UpdateFigures {
    private final Recorder liveSaveToCommitted = Histograms.recorder();
    private final LongAdder liveV1DbNs = new LongAdder();
    private final LongAdder liveV2DbNs = new LongAdder();
    private final LongAdder liveErrors = new LongAdder();
    private final LongAccumulator liveQueueMax = new LongAccumulator(Math::max, 0);
    /** Save-to-committed histograms other processes sent, until the next drain. */
    private final ReentrantLock remoteLock = new ReentrantLock();

    private final Histogram pendingRemote = Histograms.histogram();

    private final Histogram windowSaveToCommitted = Histograms.histogram();
    private long windowV1DbNs;
    private long windowV2DbNs;
    private long windowErrors;
    private long windowQueueMax;

    /** One update request whose V1 part committed. */
    void committed(long saveToCommittedNs, long v1DbNs, long v2DbNs) {
        liveSaveToCommitted.recordValue(Histograms.micros(saveToCommittedNs));
        liveV1DbNs.add(v1DbNs);
        liveV2DbNs.add(v2DbNs);
    }

    /** The V2 (statistics) part of an update request, committed separately from V1. */
    void v2(long v2DbNs) {
        liveV2DbNs.add(v2DbNs);
    }

    /** Another process's interval: its histogram is added as it is, so percentiles stay exact across processes. */
    void remote(Histogram saveToCommittedUs, long v1DbNs, long v2DbNs, long failed, long queueMax) {
        if (saveToCommittedUs.getTotalCount() > 0) {
            remoteLock.lock();
            try {
                pendingRemote.add(saveToCommittedUs);
            } finally {
                remoteLock.unlock();
            }
        }
        liveV1DbNs.add(v1DbNs);
        liveV2DbNs.add(v2DbNs);
        liveErrors.add(failed);
        liveQueueMax.accumulate(queueMax);
    }

    void failed() {
        liveErrors.increment();
    }

    void queueLength(long length) {
        liveQueueMax.accumulate(length);
    }

    /** Drains the committed requests since the last call into {@code scratch}; returns how many. */
    long drain(boolean inWindow, Histogram scratch) {
        liveSaveToCommitted.getIntervalHistogramInto(scratch);
        remoteLock.lock();
        try {
            scratch.add(pendingRemote);
            pendingRemote.reset();
        } finally {
            remoteLock.unlock();
        }
        long v1 = liveV1DbNs.sumThenReset();
        long v2 = liveV2DbNs.sumThenReset();
        long failed = liveErrors.sumThenReset();
        if (inWindow) {
            windowSaveToCommitted.add(scratch);
            windowV1DbNs += v1;
            windowV2DbNs += v2;
            windowErrors += failed;
        }
        return scratch.getTotalCount();
    }

    /** The longest queue since the last call. */
    long drainQueueMax(boolean inWindow) {
        long queueMax = liveQueueMax.getThenReset();
        if (inWindow) {
            windowQueueMax = Math.max(windowQueueMax, queueMax);
        }
        return queueMax;
    }

    /** The window so far. */
    UpdateStats window() {
        long updates = windowSaveToCommitted.getTotalCount();
        return new UpdateStats(
                updates,
                windowErrors,
                Latency.of(windowSaveToCommitted),
                updates == 0 ? 0 : windowV1DbNs / 1e6 / updates,
                updates == 0 ? 0 : windowV2DbNs / 1e6 / updates,
                windowQueueMax);
    }
}
