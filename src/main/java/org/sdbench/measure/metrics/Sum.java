package org.sdbench.measure.metrics;

import org.sdbench.protocol.StepTimes;

/** The per-step counters kept next to each response-time histogram; index into sum arrays. */
enum Sum {
    RESPONSE_NS,
    WAIT_NS,
    ROLL_IN_NS,
    CPU_NS,
    DB_NS,
    ENQUEUE_NS,
    NUMBER_RANGE_NS,
    UPDATE_WAIT_NS,
    ROLL_OUT_NS,
    DB_CALLS,
    STEPS,
    ERRORS,
    LINE_ITEMS,
    DB_ROWS;

    static final Sum[] ALL = values();
    static final int COUNT = ALL.length;

    /**
     * What one dialog step adds to this sum. The one mapping of a step onto the sums, for the shared
     * recorders and the per-thread buffers alike; the switch has no default, so a new sum cannot be
     * left out of either.
     */
    long of(StepTimes t, long responseNs, boolean ok, int lineItems) {
        return switch (this) {
            case RESPONSE_NS -> responseNs;
            case WAIT_NS -> t.waitNs();
            case ROLL_IN_NS -> t.rollInNs();
            case CPU_NS -> t.cpuNs();
            case DB_NS -> t.dbNs();
            case ENQUEUE_NS -> t.enqueueNs();
            case NUMBER_RANGE_NS -> t.numberRangeNs();
            case UPDATE_WAIT_NS -> t.updateWaitNs();
            case ROLL_OUT_NS -> t.rollOutNs();
            case DB_CALLS -> t.dbCalls();
            case STEPS -> ok ? 1 : 0;
            case ERRORS -> ok ? 0 : 1;
            case LINE_ITEMS -> lineItems;
            case DB_ROWS -> t.dbRows();
        };
    }
}
