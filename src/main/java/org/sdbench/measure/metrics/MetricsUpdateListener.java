package org.sdbench.measure.metrics;

import org.sdbench.protocol.UpdateListener;

/** Feeds the update task's events into the run's metrics. */
public final class MetricsUpdateListener implements UpdateListener {
    private final RunMetrics metrics;

    public MetricsUpdateListener(RunMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void v1Committed(long saveToCommittedNanos, long dbNanos, int dbCalls, int lineItems) {
        // Requests recovered from an earlier process have no save time here; their documents still count.
        if (saveToCommittedNanos >= 0) {
            metrics.recordUpdate(saveToCommittedNanos, dbNanos, 0);
        }
        if (lineItems > 0) {
            metrics.recordLineItemsCompleted(lineItems);
        }
    }

    @Override
    public void v1Failed(String reason) {
        metrics.recordUpdateError();
    }

    @Override
    public void v2Failed(String reason) {
        metrics.recordUpdateError();
    }

    @Override
    public void v2Committed(long dbNanos, int dbCalls) {
        metrics.recordUpdateV2(dbNanos);
    }

    @Override
    public void queueLength(int length) {
        metrics.recordUpdateQueueLength(length);
    }
}
