package org.sdbench.network;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.sdbench.core.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A user-space TCP relay that emulates a network link (delay, jitter, loss per direction) between a
 * client and a target, for "what if the DB were 1 ms away?" experiments on a kernel without netem.
 * Listens on loopback only; every connection gets its own pair of pipes on virtual threads. Forwarding
 * can be cut at run time, live connections can be reset, and {@link #close()} is bounded.
 */
public final class Relay implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Relay.class);
    private static final int CONNECT_TIMEOUT_MS = 5_000;
    private static final Duration CLOSE_BOUND = Duration.ofSeconds(5);

    /** What all links of this relay share: the cut switch, counters and the seeded random source. */
    final class Shared {
        private final SplittableRandom random;

        private Shared(SplittableRandom random) {
            this.random = random;
        }

        DeliverySchedule schedule(boolean forward) {
            return new DeliverySchedule(forward ? spec.forward() : spec.back(), random.split());
        }

        Gate gate() {
            return gate;
        }

        Clock clock() {
            return spec.clock();
        }

        LongAdder forwardBytes() {
            return forwardBytes;
        }

        LongAdder backBytes() {
            return backBytes;
        }

        LongAdder losses() {
            return losses;
        }
    }

    private final RelaySpec spec;
    private final ServerSocket server;
    private final Gate gate;
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private final AtomicInteger accepted = new AtomicInteger();
    private final LongAdder failedConnects = new LongAdder();
    private final LongAdder forwardBytes = new LongAdder();
    private final LongAdder backBytes = new LongAdder();
    private final LongAdder losses = new LongAdder();
    private final SplittableRandom root;
    private final Thread acceptor;
    private volatile boolean closed;

    private Relay(RelaySpec spec, ServerSocket server) {
        this.spec = spec;
        this.server = server;
        this.gate = new Gate(spec.clock());
        this.root = new SplittableRandom(spec.seed());
        this.acceptor =
                Thread.ofVirtual().name("relay-accept-" + server.getLocalPort()).unstarted(this::acceptLoop);
    }

    /** Binds the listen address and starts accepting; an address in use is an {@link IOException}. */
    public static Relay start(RelaySpec spec) throws IOException {
        ServerSocket server = new ServerSocket();
        try {
            server.bind(SocketAddresses.resolve(spec.listen()));
        } catch (IOException e) {
            server.close();
            throw e;
        }
        Relay r = new Relay(spec, server);
        r.acceptor.start();
        return r;
    }

    /** The address clients should dial (the actual port when the spec asked for port 0). */
    public InetSocketAddress address() {
        return new InetSocketAddress(server.getInetAddress(), server.getLocalPort());
    }

    public RelaySpec spec() {
        return spec;
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                if (!closed) {
                    LOG.warn("relay on {} stopped accepting: {}", SocketAddresses.format(address()), e.toString());
                }
                return;
            }
            int number = accepted.incrementAndGet();
            // each connection gets its own random stream in accept order, so a seed repeats a run's emulation
            SplittableRandom random = root.split();
            Thread.ofVirtual().name("relay-connect-" + number).start(() -> connect(number, client, random));
        }
    }

    private void connect(int number, Socket client, SplittableRandom random) {
        Socket target = new Socket();
        try {
            // a cut network does not let new connections through either
            gate.awaitOpen();
            client.setTcpNoDelay(true);
            target.setTcpNoDelay(true);
            target.connect(SocketAddresses.resolve(spec.target()), CONNECT_TIMEOUT_MS);
        } catch (IOException e) {
            failedConnects.increment();
            LOG.warn("relay could not reach target {}: {}", SocketAddresses.format(spec.target()), e.toString());
            closeBoth(client, target);
            return;
        } catch (InterruptedException e) {
            closeBoth(client, target);
            Thread.currentThread().interrupt();
            return;
        }
        Link link = new Link(number, client, target, new Shared(random), links::remove);
        links.add(link);
        if (closed) {
            link.close(false);
            return;
        }
        link.start();
    }

    private static void closeBoth(Socket a, Socket b) {
        for (Socket s : new Socket[] {a, b}) {
            try {
                s.close();
            } catch (IOException e) {
                // nothing left to release
            }
        }
    }

    /** Stops forwarding on every connection (bytes wait in the relay) for at most {@code atMost}; null = until {@link #resume()}. */
    public void cut(Duration atMost) {
        gate.close(atMost == null ? Long.MAX_VALUE : atMost.toNanos());
    }

    public void resume() {
        gate.open();
    }

    public boolean isCut() {
        return !gate.isOpen();
    }

    /** Resets every live connection (peers see ECONNRESET); new connections are still accepted. Returns how many. */
    public int resetConnections() {
        int n = 0;
        for (Link l : links) {
            l.close(true);
            n++;
        }
        return n;
    }

    public RelayStats stats() {
        return new RelayStats(
                accepted.get(), links.size(), failedConnects.sum(), forwardBytes.sum(), backBytes.sum(), losses.sum());
    }

    /** Stops accepting, closes every connection and waits (bounded) for the relay's threads to end. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            LOG.debug("closing relay listener: {}", e.toString());
        }
        Link[] live = links.toArray(Link[]::new);
        for (Link l : live) {
            l.close(false);
        }
        // connections waiting on a cut proceed, see the relay closed and let go of their sockets
        gate.open();
        long deadline = System.nanoTime() + CLOSE_BOUND.toNanos();
        try {
            boolean ended = acceptor.join(CLOSE_BOUND);
            for (Link l : live) {
                ended &= l.join(deadline);
            }
            if (!ended) {
                LOG.warn("relay threads still running {} after close", CLOSE_BOUND);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
