package org.sdbench.measure.metrics;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;
import org.sdbench.protocol.StepTimes;

/**
 * What one platform thread recorded and has not handed to the run's shared recorders yet: response
 * times and think-time lags as raw values, each step type's sums as plain longs. Only its own thread
 * and the harvest take its lock, so a recording costs an uncontended lock on a line that stays in the
 * recording core's cache. Recording into the shared HdrHistogram {@code Recorder} of a step type
 * directly costs atomics on lines that every work process writes in turn: its total count alone was
 * 2.8 % of the dialog work processes' CPU (JFR, 4 work processes on 2 vCPUs).
 *
 * <p>The values go to the shared recorders when the buffer is full, and everything at each harvest, so
 * an interval holds every step recorded before it was harvested, as without the buffer.
 */
final class RecordBuffer {
    /** Raw values held before they go to the shared recorders: a few kB per recording thread. */
    static final int CAPACITY = 256;
    /** The kind of a value that is a think-time lag; a step's response time carries its step's ordinal. */
    static final int THINK_LAG = 255;

    private final ReentrantLock lock = new ReentrantLock();
    /** Kind in the top byte, microseconds (at most {@link Histograms#HIGHEST_MICROS}, 32 bits) below. */
    private final long[] values = new long[CAPACITY];

    private int size;
    private final long[][] sums;

    RecordBuffer(int stepTypes) {
        sums = new long[stepTypes][Sum.COUNT];
    }

    /** One step: its response time and the sums {@link StepRecorder} keeps for its type. */
    void step(int stepType, StepTimes t, long responseNs, boolean ok, int lineItems, Sink sink) {
        lock.lock();
        try {
            long[] s = sums[stepType];
            for (Sum k : Sum.ALL) {
                s[k.ordinal()] += k.of(t, responseNs, ok, lineItems);
            }
            add(stepType, Histograms.micros(responseNs), sink);
        } finally {
            lock.unlock();
        }
    }

    void thinkLag(long lagNs, Sink sink) {
        lock.lock();
        try {
            add(THINK_LAG, Histograms.micros(lagNs), sink);
        } finally {
            lock.unlock();
        }
    }

    /** Hands over everything recorded so far; the harvest calls it, on its own thread. */
    void drainInto(Sink sink) {
        lock.lock();
        try {
            flushValues(sink);
            for (int i = 0; i < sums.length; i++) {
                sink.sums(i, sums[i]);
                Arrays.fill(sums[i], 0);
            }
        } finally {
            lock.unlock();
        }
    }

    private void add(int kind, long micros, Sink sink) {
        if (size == CAPACITY) {
            flushValues(sink);
        }
        values[size++] = (long) kind << 56 | micros;
    }

    private void flushValues(Sink sink) {
        for (int i = 0; i < size; i++) {
            long v = values[i];
            int kind = (int) (v >>> 56);
            long micros = v & 0x00FF_FFFF_FFFF_FFFFL;
            if (kind == THINK_LAG) {
                sink.thinkLag(micros);
            } else {
                sink.response(kind, micros);
            }
        }
        size = 0;
    }

    /** Where buffered values go: the run's shared recorders. */
    interface Sink {
        void response(int stepType, long micros);

        void thinkLag(long micros);

        /** Adds a step type's sums (the buffer clears its own afterwards). */
        void sums(int stepType, long[] sums);
    }
}
