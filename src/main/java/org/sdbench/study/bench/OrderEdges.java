package org.sdbench.study.bench;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.sdbench.database.capture.ReplayOrder;

/**
 * Which of a capture's order lines ({@link ReplayOrder}) order anything in the replay. Each
 * connection replays its own lines one after the other, so a wait for a lock that the same
 * connection released earlier is kept anyway, and a release that no other connection waits for
 * frees nobody: both are left out, and what the database runs for ordering is only what crosses
 * connections. A lock released on several connections (a request saved again by a retried step) is
 * held by the first connection that releases it.
 */
final class OrderEdges {
    private final Map<String, Integer> releasedBy = new HashMap<>();
    private final Map<String, Set<Integer>> awaitedBy = new HashMap<>();

    /** Notes {@code line} of connection {@code k}, if it is an order line. */
    void note(int k, String line) {
        if (ReplayOrder.isRelease(line)) {
            releasedBy.putIfAbsent(ReplayOrder.lockOf(line), k);
        } else if (ReplayOrder.isAwait(line)) {
            awaitedBy
                    .computeIfAbsent(ReplayOrder.lockOf(line), x -> new HashSet<>(2))
                    .add(k);
        }
    }

    /** Whether connection {@code k}'s release {@code line} lets another connection go. */
    boolean keepsRelease(int k, String line) {
        String lock = ReplayOrder.lockOf(line);
        Integer by = releasedBy.get(lock);
        Set<Integer> waiting = awaitedBy.get(lock);
        return by != null && by == k && waiting != null && waiting.stream().anyMatch(j -> j != k);
    }

    /** Whether connection {@code k}'s wait {@code line} waits for another connection. */
    boolean keepsAwait(int k, String line) {
        Integer by = releasedBy.get(ReplayOrder.lockOf(line));
        return by != null && by != k;
    }
}
