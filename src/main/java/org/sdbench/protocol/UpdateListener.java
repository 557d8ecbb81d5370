package org.sdbench.protocol;

/** Where the update task reports what it did; the run's metrics implement it. */
public interface UpdateListener {
    /**
     * V1 committed: time from the dialog's save to this commit (-1 when the request was not saved
     * by this process, e.g. recovered after a crash), DB time of the V1 transaction, line items it completed.
     */
    void v1Committed(long saveToCommittedNanos, long dbNanos, int dbCalls, int lineItems);

    void v1Failed(String reason);

    void v2Committed(long dbNanos, int dbCalls);

    /** V2 (statistics) failed for a reason that retrying does not cure; the request is left in state E. */
    default void v2Failed(String reason) {}

    void queueLength(int length);

    UpdateListener NONE = new UpdateListener() {
        @Override
        public void v1Committed(long saveToCommittedNanos, long dbNanos, int dbCalls, int lineItems) {}

        @Override
        public void v1Failed(String reason) {}

        @Override
        public void v2Committed(long dbNanos, int dbCalls) {}

        @Override
        public void queueLength(int length) {}
    };
}
