package org.sdbench.apptier.remote;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.sdbench.apptier.TierTimeouts;
import org.sdbench.config.HostAndPort;
import org.sdbench.core.Clock;
import org.sdbench.protocol.wire.AppMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Liveness;
import org.sdbench.protocol.wire.WireException;

/**
 * What happens when an app-server instance is lost: it is fenced out of the logon group first,
 * then its users log on elsewhere and a surviving instance takes over its pending update requests.
 */
final class Fencing implements Connections.Listener {
    /** How long a lost instance may stay in the logon group before it counts as alive: the central's silence bound and margin. */
    static long fenceMillis(Liveness l) {
        return l.silenceMillis() + 2 * l.heartbeatMillis() + 2_000;
    }

    private final Connections connections;
    private final Clock clock;
    private final Consumer<String> log;
    private final Set<Integer> dead = ConcurrentHashMap.newKeySet();
    /** Every instance lost during the run, also one that came back since: the report lists them all. */
    private final Set<Integer> everLost = ConcurrentHashMap.newKeySet();
    /** Lost instances whose fate is settled: fenced out of the logon group, or found alive after the bound. */
    private final Set<Integer> settled = ConcurrentHashMap.newKeySet();

    private volatile Runnable onEveryInstanceLost = () -> {};
    private volatile boolean everyInstanceLost;

    Fencing(Connections connections, Clock clock, Consumer<String> log) {
        this.connections = connections;
        this.clock = clock;
        this.log = log;
        connections.listen(this);
    }

    @Override
    public void connected(int n) {
        dead.remove(n);
        settled.remove(n);
    }

    /**
     * A lost instance's pending update requests are adopted only once it is fenced: the central
     * services no longer list it at its address (its own connection there closed, or silent past
     * {@link Liveness#silenceMillis}), so it can no longer take enqueue locks nor stay in the logon
     * group, and it stops itself when it notices. Until then its users wait instead of logging on
     * elsewhere, so no user's locks are held by two sessions.
     */
    @Override
    public void lost(int n, String why) {
        everLost.add(n);
        if (!dead.add(n) || connections.central().isBroken()) {
            // Without central services the app servers stop by design; there is nobody to hand work to.
            settled.add(n);
            return;
        }
        if (dead.containsAll(connections.addresses().keySet())) {
            // Nobody is left to take the users or the pending update requests: waiting out a fence helps no one.
            settled.add(n);
            everyInstanceLost = true;
            log.accept("app server " + n + " lost (" + why + "): no app-server instance is left");
            onEveryInstanceLost.run();
            return;
        }
        log.accept("app server " + n + " lost (" + why + "): fencing it before its users log on elsewhere");
        try {
            if (fenced(n, connections.addresses().get(n))) {
                log.accept("app server " + n
                        + " fenced (no longer in the logon group): its users log on to another instance");
                settled.add(n);
                adopt(n);
            } else {
                log.accept("app server " + n + " is still registered with the central services after "
                        + fenceMillis(connections.wire().liveness()) + " ms: alive, its update requests stay with it");
                settled.add(n);
            }
        } catch (WireException e) {
            settled.add(n);
            log.accept("app server " + n + ": fencing failed (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            settled.add(n);
            Thread.currentThread().interrupt();
        }
    }

    /** Whether the central services stopped listing instance {@code n} at {@code was} within the bound. */
    private boolean fenced(int n, HostAndPort was) throws InterruptedException {
        long deadline = clock.nanoTime()
                + TimeUnit.MILLISECONDS.toNanos(fenceMillis(connections.wire().liveness()));
        while (clock.nanoTime() < deadline) {
            if (connections.registered().stream()
                    .noneMatch(i -> i.number() == n && i.address().equals(was))) {
                return true;
            }
            Thread.sleep(TierTimeouts.FENCE_POLL);
        }
        return false;
    }

    /** Whether users of lost instance {@code n} may log on elsewhere now (it is fenced, or found alive). */
    boolean relogonAllowed(int n) {
        return !dead.contains(n) || settled.contains(n);
    }

    /** Asks a live instance to process the pending update requests of a dead one; false if none could. */
    private boolean adopt(int deadInstance) throws InterruptedException {
        for (int n : connections.addresses().keySet()) {
            if (dead.contains(n)) {
                continue;
            }
            try {
                int taken = Control.Count.decode(connections
                                .client(n)
                                .call(
                                        FrameType.ADOPT,
                                        new AppMessages.Adopt(deadInstance).encode(),
                                        connections.replyTimeout())
                                .body())
                        .n();
                log.accept("app server " + n + " took over " + taken + " pending update requests of instance "
                        + deadInstance);
                return true;
            } catch (WireException ex) {
                log.accept(
                        "app server " + n + " could not take over instance " + deadInstance + ": " + ex.getMessage());
            }
        }
        return false;
    }

    /** Dead instances once more (requests written just before the crash), before the final drain. */
    void adoptDead() throws InterruptedException {
        for (int n : List.copyOf(dead)) {
            adopt(n);
        }
    }

    /** Called once when the last live instance is lost. */
    void onEveryInstanceLost(Runnable r) {
        onEveryInstanceLost = r;
    }

    /** Whether every instance of the run was lost: no survivor took over their users or update requests. */
    boolean everyInstanceLost() {
        return everyInstanceLost;
    }

    Set<Integer> dead() {
        return Set.copyOf(dead);
    }

    /** Every instance whose connection broke during the run, dead now or not. */
    Set<Integer> everLost() {
        return Set.copyOf(everLost);
    }
}
