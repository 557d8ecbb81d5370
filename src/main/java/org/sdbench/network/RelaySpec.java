package org.sdbench.network;

import java.net.InetSocketAddress;
import org.sdbench.config.ConfigException;
import org.sdbench.core.Clock;

/**
 * What a relay does: where it listens, where it forwards, and the emulated link per direction.
 * {@code forward} shapes client-to-target bytes (requests), {@code back} the replies; like netem on one
 * host's interface, a delay on {@code forward} alone adds that delay once to every round trip.
 *
 * @param listen the local address to accept on; must be loopback (the relay has no authentication)
 * @param target where accepted connections are forwarded
 * @param seed seeds jitter and loss, so a run's emulation is repeatable
 */
public record RelaySpec(
        InetSocketAddress listen,
        InetSocketAddress target,
        LinkProfile forward,
        LinkProfile back,
        long seed,
        Clock clock) {
    public RelaySpec {
        if (listen == null || target == null || forward == null || back == null || clock == null) {
            throw new IllegalArgumentException("relay spec needs listen, target, both profiles and a clock");
        }
        if (!SocketAddresses.resolveToBind("--listen", listen).getAddress().isLoopbackAddress()) {
            throw new ConfigException(
                    "relay listen address '" + SocketAddresses.format(listen) + "' is not allowed: a loopback "
                            + "address such as 127.0.0.1:0 (the relay forwards unauthenticated bytes, so it never listens on a network)");
        }
    }

    /** A relay on an ephemeral loopback port in front of {@code target}. */
    public static RelaySpec loopback(InetSocketAddress target, LinkProfile forward, LinkProfile back, long seed) {
        return new RelaySpec(new InetSocketAddress("127.0.0.1", 0), target, forward, back, seed, Clock.SYSTEM);
    }

    public String describe() {
        return "requests " + forward.describe() + "; replies " + back.describe();
    }
}
