package org.sdbench.appserver.update;

/** What became of an update request's V1 part. */
public sealed interface UpdateOutcome {
    /** V1 committed at {@code committedNanos} (clock time). */
    record Committed(long committedNanos) implements UpdateOutcome {
    }

    /** V1 failed and was rolled back; the request stays in VBHDR with state E (SAP's SM13 "error"). */
    record Failed(String reason) implements UpdateOutcome {
    }
}
