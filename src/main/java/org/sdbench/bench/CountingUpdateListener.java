package org.sdbench.bench;

import java.util.concurrent.atomic.LongAdder;
import org.sdbench.protocol.UpdateListener;

/**
 * Passes the update task's events on and counts its DB round trips, which the run's metrics do
 * not keep: with the dialog's own count they give the SQL statements the simulator sent. It sits
 * in front of the listener the app tier gives it ({@link #around}), in this process only.
 */
final class CountingUpdateListener implements UpdateListener {
    private final LongAdder dbCalls = new LongAdder();
    private volatile UpdateListener next = UpdateListener.NONE;

    /** Counts in front of {@code listener} from now on. */
    UpdateListener around(UpdateListener listener) {
        next = listener;
        return this;
    }

    long dbCalls() {
        return dbCalls.sum();
    }

    @Override
    public void v1Committed(long saveToCommittedNanos, long dbNanos, int dbCalls, int lineItems) {
        this.dbCalls.add(dbCalls);
        next.v1Committed(saveToCommittedNanos, dbNanos, dbCalls, lineItems);
    }

    @Override
    public void v1Failed(String reason) {
        next.v1Failed(reason);
    }

    @Override
    public void v2Committed(long dbNanos, int dbCalls) {
        this.dbCalls.add(dbCalls);
        next.v2Committed(dbNanos, dbCalls);
    }

    @Override
    public void v2Failed(String reason) {
        next.v2Failed(reason);
    }

    @Override
    public void queueLength(int length) {
        next.queueLength(length);
    }
}
