package org.sdbench.apptier.instance.update;

/** What became of an update request's V1 part. */
public sealed interface UpdateOutcome {
    /**
     * V1 committed at {@code committedNanos} (clock time), with the DB work of its transaction and
     * the order line items it fully processed (non-zero for the invoice's update).
     */
    record Committed(long committedNanos, long dbNanos, int dbCalls, int lineItems) implements UpdateOutcome {}

    /** V1 failed and was rolled back; the request stays in VBHDR with state E (SAP's SM13 "error"). */
    record Failed(String reason) implements UpdateOutcome {}
}
