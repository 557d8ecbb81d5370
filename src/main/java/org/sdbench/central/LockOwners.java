package org.sdbench.central;

import java.util.HashMap;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * Which app-server instance each lock owner (a dialog session, an update request) belongs to: the
 * instance that took its first lock, or the one its locks were transferred to. An instance acts
 * only on its own owners, and on those of an instance the message server no longer lists (a dead
 * one, whose update requests a survivor adopted); every other request is refused, whatever the
 * token. Callers hold this object's monitor around the check and the enqueue operation it guards.
 */
final class LockOwners {
    private final Map<String, Integer> instanceOf = new HashMap<>();
    private final IntPredicate registered;

    LockOwners(IntPredicate registered) {
        this.registered = registered;
    }

    /** Throws when {@code owner} belongs to another live instance. */
    void check(int instance, String owner) {
        Integer holder = instanceOf.get(owner);
        if (holder != null && holder != instance && registered.test(holder)) {
            throw new IllegalArgumentException("lock owner '" + owner + "' belongs to app-server instance " + holder
                    + ": instance " + instance + " may act only on the locks it owns or was handed");
        }
    }

    /** {@code owner} holds locks for {@code instance} from now on. */
    void own(int instance, String owner) {
        instanceOf.put(owner, instance);
    }

    /** {@code owner} holds nothing any more. */
    void forget(String owner) {
        instanceOf.remove(owner);
    }

    int size() {
        return instanceOf.size();
    }
}
