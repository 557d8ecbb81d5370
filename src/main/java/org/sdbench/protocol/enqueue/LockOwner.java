package org.sdbench.protocol.enqueue;

/**
 * Who holds an enqueue lock: a dialog session or an update request. Identity is the id only, so
 * an update request owner can be recreated from a persisted id after a restart.
 */
public record LockOwner(String id) {
    public LockOwner {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("lock owner id is " + (id == null ? "null" : "blank")
                    + "; a non-blank id such as 'dialog-17' or 'update-42' is required");
        }
    }

    // Written out, not generated: a record's equals and hashCode run through method-handle chains that
    // the JIT left partly uninlined where every enqueue and hand-over looks owners up (a JFR profile).
    @Override
    public boolean equals(Object o) {
        return o instanceof LockOwner other && id.equals(other.id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }
}
