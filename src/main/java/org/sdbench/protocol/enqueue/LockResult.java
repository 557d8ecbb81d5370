package org.sdbench.protocol.enqueue;

/** The immediate answer of the enqueue server: it never queues a request (as SAP's does not). */
public sealed interface LockResult {

    default boolean granted() {
        return this instanceof Granted;
    }

    /** The lock is now held (or its count was raised, for a re-entrant request). */
    record Granted() implements LockResult {
        /** Shared so that the hot path allocates nothing on success. */
        public static final Granted INSTANCE = new Granted();
    }

    /** Another owner holds the object in an incompatible mode ("foreign lock" in SAP). */
    record Conflict(LockOwner holder, LockMode heldMode) implements LockResult {}
}
