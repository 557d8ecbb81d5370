package org.sdbench.database.capture;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the capture learns across a process's connections for the replay's order ({@link
 * ReplayOrder}): which user saved each request, and per user the V1 updates of its latest requests
 * that committed, which the user's next steps wait for.
 */
final class RunOrder {
    /** A user's loop saves three requests; the documents a step reads come from the last few. */
    private static final int USER_UPDATES = 4;

    /**
     * The user of each request saved in a step whose V1 has not committed yet: the first
     * transaction that locks the request and commits (its V1; a V2 comes after) takes it out.
     */
    private final Map<String, Integer> savedBy = new ConcurrentHashMap<>();

    private final Map<Integer, UserUpdates> updates = new ConcurrentHashMap<>();

    /** The V1 locks of one user's latest committed requests. */
    private static final class UserUpdates {
        private final long[] locks = new long[USER_UPDATES];
        private int count;

        synchronized void add(long lock) {
            locks[count++ % USER_UPDATES] = lock;
        }

        synchronized long[] recent() {
            return Arrays.copyOf(locks, Math.min(count, USER_UPDATES));
        }
    }

    /** A step of {@code user} saved request {@code vbkey}. */
    void saved(String vbkey, int user) {
        savedBy.put(vbkey, user);
    }

    /** A transaction that locked {@code vbkey} committed: true if it was the request's V1 (its first). */
    boolean v1Committed(String vbkey) {
        Integer user = savedBy.remove(vbkey);
        if (user == null) {
            return false;
        }
        updates.computeIfAbsent(user, u -> new UserUpdates()).add(ReplayOrder.v1Lock(vbkey));
        return true;
    }

    /** The V1 locks of {@code user}'s latest requests whose V1 committed. */
    long[] recentUpdates(int user) {
        UserUpdates u = updates.get(user);
        return u == null ? new long[0] : u.recent();
    }
}
