package org.sdbench.protocol.wire;

import java.util.HashMap;
import java.util.Map;

/** Authenticated connections per role on one listener, at most a fixed number each. */
final class RoleSlots {
    private final int perRole;
    private final Map<String, Integer> taken = new HashMap<>();

    RoleSlots(int perRole) {
        this.perRole = perRole;
    }

    /** False when the role already holds its share. */
    synchronized boolean take(String role) {
        int n = taken.getOrDefault(role, 0);
        if (n >= perRole) {
            return false;
        }
        taken.put(role, n + 1);
        return true;
    }

    synchronized void give(String role) {
        taken.computeIfPresent(role, (k, n) -> n == 1 ? null : n - 1);
    }

    int perRole() {
        return perRole;
    }
}
