package org.sdbench.apptier.server;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.sdbench.protocol.RunIdentity;
import org.sdbench.protocol.wire.PeerText;
import org.sdbench.protocol.wire.WireServer;

/**
 * The runs one app server serves, one at a time: a driver of another run is refused while a
 * driver of the run that is on is still connected, whatever their settings. The app server logs one
 * line for every run it served: when the run's driver ends it (drained or not), or, when that driver
 * went without ending it, once the next run begins.
 */
final class ServedRuns {
    private final int number;
    private final Consumer<String> log;
    private final Set<WireServer.Connection> drivers = ConcurrentHashMap.newKeySet();
    private RunIdentity current;
    private boolean ended = true;

    ServedRuns(int number, Consumer<String> log) {
        this.number = number;
        this.log = log;
    }

    /** Why {@code c} may not serve {@code run} now, or null. */
    synchronized String refusal(WireServer.Connection c, RunIdentity run) {
        if (current == null || current.id().equals(run.id())) {
            return null;
        }
        var other = drivers.stream().filter(d -> d != c).findFirst();
        return other.isEmpty()
                ? null
                : "app server " + number + " serves " + describe(current) + " for the driver at "
                        + other.get().peer() + ": one run at a time per app tier";
    }

    /** {@code c} drives {@code run} from now on; true when that run begins here with it. */
    synchronized boolean serve(WireServer.Connection c, RunIdentity run) {
        boolean begins = current == null || !current.id().equals(run.id());
        if (begins && current != null && !ended) {
            log.accept(
                    "app server " + number + ": served " + describe(current) + ": its driver went without ending it");
        }
        if (begins) {
            current = run;
            ended = false;
        }
        drivers.add(c);
        return begins;
    }

    /** The run's driver ended it: one line, its update task {@code drained} or not. */
    synchronized void end(boolean drained, int drainSeconds) {
        if (current == null || ended) {
            return;
        }
        ended = true;
        log.accept("app server " + number + ": served " + describe(current) + ": "
                + (drained
                        ? "its update task drained"
                        : "its update task did not drain within " + drainSeconds + " s"));
    }

    /** A driver connection closed. */
    void closed(WireServer.Connection c) {
        drivers.remove(c);
    }

    /** Other driver connections that serve the run now. */
    boolean othersConnected(WireServer.Connection c) {
        return drivers.stream().anyMatch(d -> d != c);
    }

    /** A run as its driver named it: escaped, for it reaches the log and other peers. */
    private static String describe(RunIdentity run) {
        return PeerText.escape(run.describe(), 200);
    }
}
