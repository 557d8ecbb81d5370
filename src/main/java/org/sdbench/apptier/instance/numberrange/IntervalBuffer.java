package org.sdbench.apptier.instance.numberrange;

import java.util.concurrent.locks.ReentrantLock;

/** One instance's in-memory interval of one (object, range); fields guarded by {@link #lock}. */
final class IntervalBuffer {
    final String object;
    final String range;
    final int size;
    /** Callers for this (object, range) queue here while one of them fetches; that is the NR wait. */
    final ReentrantLock lock = new ReentrantLock();

    long next = 1;
    long last;

    IntervalBuffer(String object, String range, int size) {
        this.object = object;
        this.range = range;
        this.size = size;
    }

    boolean isEmpty() {
        return next > last;
    }

    long remaining() {
        return isEmpty() ? 0 : last - next + 1;
    }
}
