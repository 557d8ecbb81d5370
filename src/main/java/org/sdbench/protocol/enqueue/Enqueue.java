package org.sdbench.protocol.enqueue;

/**
 * What an app-server instance asks of the system's enqueue server: the lock table in this process
 * (two-tier) or in the central services process, one network round trip away (three-tier). Where the
 * lock table is in another process that does not answer, a call throws {@link EnqueueUnavailableException}.
 */
public interface Enqueue {

    /** Grants the lock or reports the foreign holder; never waits for another owner. */
    LockResult lock(LockOwner owner, String object, String key, LockMode mode);

    /** Releases everything the owner holds; returns how many entries it had. */
    int releaseAll(LockOwner owner);

    /** Hands all locks of a dialog session to its update request. */
    int transfer(LockOwner from, LockOwner to);

    /**
     * Whether the lock table is in this process, so that no call waits for the network: only
     * then may a caller release locks on a thread that must not block.
     */
    boolean isLocal();
}
