package org.sdbench.database;

import java.util.concurrent.atomic.LongAdder;

/**
 * Every execution and COMMIT the sessions sharing this counter have sent: one round trip each (a pipeline, a batch
 * or two queries sent together are one). An app-server instance holds one for all its sessions and reports it
 * with its figures, so a benchmark can read it at the edges of its window in either layout.
 */
public final class RoundTripCounter {
    private final LongAdder sent = new LongAdder();

    void add() {
        sent.increment();
    }

    /** Round trips sent so far. */
    public long sent() {
        return sent.sum();
    }
}
