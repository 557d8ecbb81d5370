package org.sdbench.apptier.remote;

import java.time.Duration;
import java.util.function.Consumer;
import org.sdbench.apptier.TierTimeouts;
import org.sdbench.protocol.wire.AppMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.WireException;

/** The end of a three-tier run's app tier: every live instance drains its update task and stops. */
final class Drain {
    private Drain() {}

    /**
     * Hands a dead instance's pending requests to a live one once more (requests written just
     * before the crash), then stops every live instance after draining its update task within
     * {@code bound}; true when all drained. Nothing drains without the central services.
     */
    static boolean drain(Connections connections, Fencing fencing, Duration bound, Consumer<String> log)
            throws InterruptedException {
        if (connections.central().isBroken()) {
            return false;
        }
        fencing.adoptDead();
        boolean drained = true;
        for (var e : connections.live().entrySet()) {
            try {
                var f = e.getValue()
                        .call(
                                FrameType.SHUTDOWN,
                                new AppMessages.Shutdown((int) bound.toSeconds()).encode(),
                                bound.plus(TierTimeouts.SHUTDOWN_MARGIN));
                drained &= Control.Flag.decode(f.body()).value();
            } catch (WireException ex) {
                log.accept("app server " + e.getKey() + " did not drain: " + ex.getMessage());
                drained = false;
            }
        }
        return drained;
    }
}
