package org.sdbench.metrics;

/** The per-step counters kept next to each response-time histogram; index into sum arrays. */
enum Sum {
    RESPONSE_NS, WAIT_NS, ROLL_IN_NS, CPU_NS, DB_NS, ENQUEUE_NS, NUMBER_RANGE_NS, UPDATE_WAIT_NS, ROLL_OUT_NS,
    DB_CALLS, STEPS, ERRORS, LINE_ITEMS, DB_ROWS;

    static final int COUNT = values().length;
}
