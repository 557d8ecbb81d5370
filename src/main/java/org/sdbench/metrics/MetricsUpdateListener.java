package org.sdbench.metrics;

import org.sdbench.appserver.update.UpdateListener;

/** Feeds the update task's events into the run's metrics. */
public final class MetricsUpdateListener implements UpdateListener {
    private final RunMetrics metrics;

    public MetricsUpdateListener(RunMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void v1Committed(long savedNanos, long committedNanos, long dbNanos, int dbCalls, int lineItems) {
        metrics.recordUpdate(committedNanos - savedNanos, dbNanos, 0);
        if (lineItems > 0) {
            metrics.recordLineItemsCompleted(lineItems);
        }
    }

    @Override
    public void v1Failed(String reason) {
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
