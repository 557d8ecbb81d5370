package org.sdbench.apptier.central;

import java.util.function.IntPredicate;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.wire.PeerText;

/**
 * Which app-server instance may act on a lock owner: the one its id names ({@link LockOwner}: every
 * id an app server makes names its instance and its run), or any instance once the message server
 * no longer lists the named one (a dead instance, whose update requests a survivor adopted). An id
 * that names no instance, or another live one, is refused whatever the token: a peer cannot take
 * owners of another instance's users or requests before they lock anything.
 */
final class LockOwners {
    private final IntPredicate registered;

    LockOwners(IntPredicate registered) {
        this.registered = registered;
    }

    /** Throws unless instance {@code instance} may act on {@code owner}. */
    void check(int instance, String owner) {
        int named = LockOwner.instanceOf(owner);
        if (named == 0) {
            throw new IllegalArgumentException("lock owner '" + PeerText.escape(owner, 120)
                    + "' names no app-server instance: owners are user:<instance>-<run>-<user> or"
                    + " upd:<instance>-<run>-...");
        }
        if (named != instance && registered.test(named)) {
            throw new IllegalArgumentException("lock owner '" + PeerText.escape(owner, 120)
                    + "' belongs to app-server instance " + named + ": instance " + instance
                    + " may act only on its own locks");
        }
        if (named != instance && !registered.test(instance)) {
            throw new IllegalArgumentException("lock owner '" + PeerText.escape(owner, 120)
                    + "' belongs to app-server instance " + named + ": only a registered instance may take over"
                    + " the locks of one that left the logon group");
        }
    }
}
