package org.sdbench.appserver.enqueue;

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
}
