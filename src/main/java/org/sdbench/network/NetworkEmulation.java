package org.sdbench.network;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.sdbench.config.NetworkConfig;
import org.sdbench.config.NetworkHop;
import org.sdbench.core.Clock;
import org.sdbench.core.EnvironmentException;
import org.sdbench.protocol.wire.Dialer;

/**
 * The emulated hops of one process: {@link #route} hands out the address to dial for a hop and a target,
 * which is a relay in front of the target when the hop emulates anything, else the target itself. One
 * relay per (hop, target), started on first use and closed with this object.
 */
public final class NetworkEmulation implements AutoCloseable {
    /** One relay in use: what it emulates, in front of what. */
    public record Route(EmulatedLink hop, InetSocketAddress target, InetSocketAddress relay, RelaySpec spec) {}

    private record Key(EmulatedLink hop, String target) {}

    private final NetworkConfig config;
    private final long seed;
    private final Clock clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<Key, Relay> relays = new ConcurrentHashMap<>();
    private volatile boolean closed;

    public NetworkEmulation(NetworkConfig config, long seed, Clock clock) {
        this.config = config;
        this.seed = seed;
        this.clock = clock;
    }

    /**
     * This emulation as the wire's router: a driver's connections to app servers take the
     * driverToApp link, an app server's connections to the central services the appToCentral one.
     * The driver's logon look-ups at the message server take the driverToApp link too (a relay of
     * their own in front of the central services): in SAP the front ends reach the message server
     * over the same network as the app servers.
     */
    public Dialer.Router wireRouter() {
        return (hop, target) -> switch (hop) {
            case DRIVER_TO_APP, DRIVER_TO_CENTRAL -> route(EmulatedLink.DRIVER_TO_APP, target);
            case APP_TO_CENTRAL -> route(EmulatedLink.APP_TO_CENTRAL, target);
            // The central services' check of a registration's address: no run's link.
            case CENTRAL_TO_APP -> target;
        };
    }

    public static LinkProfile requests(NetworkHop h) {
        return new LinkProfile(h.delay(), h.jitter(), h.loss(), h.retransmitTimeout());
    }

    public static LinkProfile replies(NetworkHop h) {
        return new LinkProfile(h.replyDelay(), h.replyJitter(), h.replyLoss(), h.retransmitTimeout());
    }

    /**
     * The address to dial for {@code target} over {@code hop}: the target itself, or a loopback relay in
     * front of it. A relay that cannot listen is an environment failure (exit 3).
     */
    public InetSocketAddress route(EmulatedLink hop, InetSocketAddress target) {
        NetworkHop h = hop.of(config);
        if (!h.emulated()) {
            return target;
        }
        Key key = new Key(hop, SocketAddresses.format(target));
        lock.lock();
        try {
            if (closed) {
                throw new IllegalStateException("network emulation already closed");
            }
            Relay r = relays.get(key);
            if (r == null) {
                // one seed stream per hop, so changing one hop's settings leaves the others' jitter alone
                RelaySpec spec = new RelaySpec(
                        new InetSocketAddress("127.0.0.1", 0),
                        target,
                        requests(h),
                        replies(h),
                        seed * 31 + hop.ordinal(),
                        clock);
                try {
                    r = Relay.start(spec);
                } catch (IOException e) {
                    throw new EnvironmentException("network emulation for network." + hop.key()
                            + ": relay cannot listen on " + "loopback: " + e.getMessage());
                }
                relays.put(key, r);
            }
            return r.address();
        } finally {
            lock.unlock();
        }
    }

    /** The relays in use, for reports. */
    public List<Route> routes() {
        List<Route> out = new ArrayList<>();
        relays.forEach((k, r) -> out.add(new Route(k.hop(), r.spec().target(), r.address(), r.spec())));
        out.sort((a, b) -> a.hop().compareTo(b.hop()));
        return out;
    }

    /** The relay of a hop in use (first if several targets), for fault injection; null when none. */
    public Relay relay(EmulatedLink hop) {
        return relays.entrySet().stream()
                .filter(e -> e.getKey().hop() == hop)
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse(null);
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
        } finally {
            lock.unlock();
        }
        relays.values().forEach(Relay::close);
    }
}
