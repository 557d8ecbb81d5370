package org.sdbench.apptier.server;

import java.time.Duration;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.WireClient;

/**
 * Whether this instance may adopt another's pending update requests. The message server decides
 * that an instance is dead, not whoever asks: an instance it still lists holds its registration
 * connection (it is alive, or not yet past the silence bound), so its update requests stay with it.
 */
final class AdoptionGuard {
    private final int self;
    private final WireClient central;
    private final Duration timeout;

    AdoptionGuard(int self, WireClient central, Duration timeout) {
        this.self = self;
        this.central = central;
        this.timeout = timeout;
    }

    /** Throws unless the message server no longer lists {@code deadInstance}. */
    void check(int deadInstance) throws InterruptedException {
        if (deadInstance == self) {
            throw new IllegalArgumentException("app server " + self + " cannot adopt its own update requests");
        }
        var listed = CentralMessages.Instances.decode(
                central.call(FrameType.INSTANCES, Control.EMPTY, timeout).body());
        if (listed.all().stream().anyMatch(x -> x.number() == deadInstance)) {
            throw new IllegalStateException("instance " + deadInstance
                    + " is still registered with the message server: alive, its update requests stay with it");
        }
    }
}
