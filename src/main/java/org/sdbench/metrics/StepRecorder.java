package org.sdbench.metrics;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.sdbench.protocol.StepTimes;

/** The live, concurrently written measurements of one dialog step type since the last harvest. */
final class StepRecorder {
    private final Recorder response = Histograms.recorder();
    private final LongAdder[] sums = new LongAdder[Sum.COUNT];

    StepRecorder() {
        for (int i = 0; i < sums.length; i++) {
            sums[i] = new LongAdder();
        }
    }

    /** Wait-free and allocation-free: Recorder and LongAdder writes only. */
    void recordOk(StepTimes t, long responseNs, int lineItems) {
        recordTimes(t, responseNs);
        sums[Sum.STEPS.ordinal()].increment();
        add(Sum.LINE_ITEMS, lineItems);
    }

    /**
     * A failed step is still a dialog step the user waited for: its response time and components
     * count in the averages (leaving them out would flatter a run whose steps time out).
     */
    void recordError(StepTimes t, long responseNs, int lineItems) {
        recordTimes(t, responseNs);
        sums[Sum.ERRORS.ordinal()].increment();
        add(Sum.LINE_ITEMS, lineItems);
    }

    private void recordTimes(StepTimes t, long responseNs) {
        response.recordValue(Histograms.micros(responseNs));
        add(Sum.RESPONSE_NS, responseNs);
        add(Sum.WAIT_NS, t.waitNs());
        add(Sum.ROLL_IN_NS, t.rollInNs());
        add(Sum.CPU_NS, t.cpuNs());
        add(Sum.DB_NS, t.dbNs());
        add(Sum.ENQUEUE_NS, t.enqueueNs());
        add(Sum.NUMBER_RANGE_NS, t.numberRangeNs());
        add(Sum.UPDATE_WAIT_NS, t.updateWaitNs());
        add(Sum.ROLL_OUT_NS, t.rollOutNs());
        add(Sum.DB_CALLS, t.dbCalls());
        add(Sum.DB_ROWS, t.dbRows());
    }

    /** A response time that a {@link RecordBuffer} held, in microseconds. */
    void recordResponse(long micros) {
        response.recordValue(micros);
    }

    /** Sums that a {@link RecordBuffer} held, indexed by {@link Sum}. */
    void addSums(long[] buffered) {
        for (int i = 0; i < sums.length; i++) {
            if (buffered[i] != 0) {
                sums[i].add(buffered[i]);
            }
        }
    }

    /** Line items fully processed later (by the invoice's update), credited to this step type. */
    void addLineItems(int n) {
        add(Sum.LINE_ITEMS, n);
    }

    private void add(Sum s, long v) {
        if (v != 0) {
            sums[s.ordinal()].add(v);
        }
    }

    /** Moves everything recorded since the last drain into the targets (overwriting them). */
    void drainInto(Histogram interval, long[] intervalSums) {
        response.getIntervalHistogramInto(interval);
        for (int i = 0; i < sums.length; i++) {
            intervalSums[i] = sums[i].sumThenReset();
        }
    }
}
