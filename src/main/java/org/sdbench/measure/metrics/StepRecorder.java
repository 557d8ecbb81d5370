package org.sdbench.measure.metrics;

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

    /**
     * Wait-free and allocation-free: Recorder and LongAdder writes only. A failed step is still a
     * dialog step the user waited for: its response time and components count in the averages
     * (leaving them out would flatter a run whose steps time out).
     */
    void record(StepTimes t, long responseNs, boolean ok, int lineItems) {
        response.recordValue(Histograms.micros(responseNs));
        for (Sum s : Sum.ALL) {
            add(s, s.of(t, responseNs, ok, lineItems));
        }
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
