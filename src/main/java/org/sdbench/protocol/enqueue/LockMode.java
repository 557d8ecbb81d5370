package org.sdbench.protocol.enqueue;

/** SAP enqueue lock modes (E and S; the optimistic and cumulative variants are not simulated). */
public enum LockMode {
    /** Write lock: no other owner may hold anything on the object. */
    EXCLUSIVE,
    /** Read lock: other owners may read-lock too, nobody else may write-lock. */
    SHARED;

    /** Whether a lock in this mode may coexist with another owner's lock in {@code held} mode. */
    public boolean compatibleWith(LockMode held) {
        return this == SHARED && held == SHARED;
    }
}
