package org.sdbench.protocol.enqueue;

/**
 * Counters of one enqueue server since it was created.
 *
 * @param requests lock requests, granted or not
 * @param conflicts lock requests refused because another owner held the object
 * @param lockNs total time spent inside {@code lock} calls, including waiting for the lock table
 * @param entries lock entries (owner, object, key) held right now
 */
public record EnqueueStats(long requests, long conflicts, long lockNs, int entries) {

    public double avgLockMicros() {
        return requests == 0 ? 0 : lockNs / 1_000.0 / requests;
    }
}
