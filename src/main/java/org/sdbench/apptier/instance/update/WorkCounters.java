package org.sdbench.apptier.instance.update;

import java.util.concurrent.atomic.LongAdder;

/**
 * CPU time of the update modules' simulated ABAP work, per part (V1, V2), and the SQL statements of the
 * parts that committed, over the whole run.
 */
public final class WorkCounters {
    private final LongAdder v1Nanos = new LongAdder();
    private final LongAdder v1Parts = new LongAdder();
    private final LongAdder v2Nanos = new LongAdder();
    private final LongAdder v2Parts = new LongAdder();
    private final LongAdder dbCalls = new LongAdder();

    void add(boolean v1, long cpuNanos) {
        (v1 ? v1Nanos : v2Nanos).add(cpuNanos);
        (v1 ? v1Parts : v2Parts).increment();
    }

    /** A part committed after sending {@code calls} statements, its COMMIT included. */
    void committed(int calls) {
        dbCalls.add(calls);
    }

    /** Snapshot: V1 and V2 parts run (attempts included), their work CPU, and the committed parts' statements. */
    public record Totals(long v1Parts, long v1CpuNanos, long v2Parts, long v2CpuNanos, long dbCalls) {}

    public Totals totals() {
        return new Totals(v1Parts.sum(), v1Nanos.sum(), v2Parts.sum(), v2Nanos.sum(), dbCalls.sum());
    }
}
