package org.sdbench.measure.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/** One range and precision for every latency in a run, so histograms can be added together. */
final class Histograms {
    /** 1 hour in microseconds: anything longer is clamped (and is a broken run anyway). */
    static final long HIGHEST_MICROS = 3_600_000_000L;

    static final int DIGITS = 3;

    private Histograms() {}

    static Recorder recorder() {
        return new Recorder(1, HIGHEST_MICROS, DIGITS);
    }

    static Histogram histogram() {
        return new Histogram(1, HIGHEST_MICROS, DIGITS);
    }

    /** Nanoseconds to the recorded microsecond value, clamped into the trackable range. */
    static long micros(long nanos) {
        long us = nanos / 1_000;
        return us < 0 ? 0 : Math.min(us, HIGHEST_MICROS);
    }
}
