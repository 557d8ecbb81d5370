package org.sdbench.apptier.central;

import java.util.Locale;
import java.util.function.Consumer;
import org.sdbench.protocol.RunIdentity;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.wire.PeerText;
import org.sdbench.protocol.wire.WireServer;

/**
 * One run at a time per app tier: the central services admit a driver's run while no other driver's
 * run is on, and refuse any other, whatever its settings, naming the run that is on. Two drivers on
 * one tier would share its app servers' users and documents, and post them twice. A run ends when
 * its driver's connection closes (however the run ended): its dialog sessions' locks are released
 * and the central services log one line for it.
 */
final class RunAdmission {
    private record Admitted(RunIdentity run, WireServer.Connection driver, long lockRequests, long admittedNanos) {}

    private final EnqueueServer enqueue;
    private final Consumer<String> log;
    private Admitted current;

    RunAdmission(EnqueueServer enqueue, Consumer<String> log) {
        this.enqueue = enqueue;
        this.log = log;
    }

    /** Admits {@code run} for driver connection {@code c}; the refusal's text when another run is on. */
    synchronized String admit(WireServer.Connection c, RunIdentity run) {
        if (current != null && current.driver() != c) {
            return "already serving " + describe(current.run()) + " for the driver at "
                    + current.driver().peer()
                    + ": one run at a time per app tier; start this one once that one has ended";
        }
        if (current != null && !current.run().id().equals(run.id())) {
            return "this connection already drives " + describe(current.run()) + ": one run per driver connection";
        }
        if (current == null) {
            current = new Admitted(run, c, enqueue.stats().requests(), System.nanoTime());
        }
        return null;
    }

    /** Whether {@code c} is the connection of the run that is on. */
    synchronized boolean admitted(WireServer.Connection c) {
        return current != null && current.driver() == c;
    }

    /** The driver of {@code run} ends it on connection {@code c}; the refusal's text when that is not the run on. */
    String end(WireServer.Connection c, RunIdentity run) {
        Admitted ended;
        synchronized (this) {
            if (current == null || current.driver() != c || !current.run().id().equals(run.id())) {
                return "this connection drives no run " + describe(run) + ": nothing to end";
            }
            ended = current;
            current = null;
        }
        ended(ended);
        return null;
    }

    /** The connection closed: when it drove the run that is on, that run ends (locks released, one line). */
    void closed(WireServer.Connection c) {
        Admitted ended;
        synchronized (this) {
            if (current == null || current.driver() != c) {
                return;
            }
            ended = current;
            current = null;
        }
        ended(ended);
    }

    private void ended(Admitted ended) {
        String id = ended.run().id();
        int released = enqueue.releaseAllWhere(owner -> LockOwner.isSessionOf(owner, id));
        long seconds = (System.nanoTime() - ended.admittedNanos()) / 1_000_000_000L;
        log.accept(String.format(
                Locale.ROOT,
                "served %s for the driver at %s: %,d s, %,d lock requests, %,d dialog locks released at its end",
                describe(ended.run()),
                ended.driver().peer(),
                seconds,
                enqueue.stats().requests() - ended.lockRequests(),
                released));
    }

    /** A run as the peer named it: escaped, for it reaches the log and other peers. */
    static String describe(RunIdentity run) {
        return PeerText.escape(run.describe(), 200);
    }
}
