package org.sdbench.apptier.remote;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.ReentrantLock;
import org.sdbench.apptier.TierTimeouts;
import org.sdbench.config.AppServerConfig;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.HostAndPort;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.RunIdentity;
import org.sdbench.protocol.wire.AppMessages;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.NoReply;
import org.sdbench.protocol.wire.PeerRefused;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireException;

/**
 * The driver's connections in a three-tier system: one to the central services, one shared
 * connection per app-server instance, each new one handed the run's settings before anything else.
 * A connection that breaks is reported once to the listener ({@link Fencing} decides what follows).
 */
final class Connections implements AutoCloseable {
    /** The instance a logon goes to (message server's choice) and a live connection to it. */
    record Routed(int number, WireClient client) {}

    /** Instance {@code instance} could not be reached at its address, nor asked anything: lost to this driver. */
    static final class Unreachable extends WireException {
        private final int instance;

        Unreachable(int instance, String message) {
            super(message);
            this.instance = instance;
        }

        int instance() {
            return instance;
        }
    }

    /** What follows when an instance's connection is made, or breaks other than by closing. */
    interface Listener {
        void connected(int n);

        void lost(int n, String why);
    }

    private final WireClient central;
    private final Wire wire;
    private final Token token;
    private final Duration connectTimeout;
    private final Duration replyTimeout;
    private final Duration centralTimeout;
    private final Clock clock;
    private final Map<Integer, WireClient> instances = new ConcurrentHashMap<>();
    private final Map<Integer, HostAndPort> addresses = new ConcurrentSkipListMap<>();
    private final ReentrantLock connecting = new ReentrantLock();
    private final AppMessages.RunSettings settings;
    private final RunIdentity run;
    private volatile boolean begun;
    private volatile Listener listener = new Listener() {
        @Override
        public void connected(int n) {}

        @Override
        public void lost(int n, String why) {}
    };

    Connections(Wire wire, HostAndPort centralAddress, Token token, SdbenchConfig run, RunIdentity id, Clock clock) {
        AppServerConfig a = run.appServer();
        this.run = id;
        this.wire = wire;
        this.token = token;
        this.connectTimeout = a.connectTimeout();
        this.replyTimeout = a.replyTimeout();
        this.centralTimeout = a.centralTimeout();
        this.clock = clock;
        this.settings = new AppMessages.RunSettings(id, ConfigLoader.toYaml(run), ConfigLoader.workloadYaml(run));
        this.central = WireClient.connect(
                wire,
                Dialer.Hop.DRIVER_TO_CENTRAL,
                centralAddress,
                Role.DRIVER,
                token,
                connectTimeout,
                "central services at " + centralAddress);
    }

    /**
     * Asks the central services to admit this run: refused (a WireException naming the run that is
     * on) while another driver's run is on, whatever its settings; before any app server is touched.
     */
    void begin() throws InterruptedException {
        central.call(FrameType.RUN_BEGIN, new CentralMessages.Run(run).encode(), centralTimeout);
        begun = true;
    }

    /**
     * Ends the run at the central services before the connection closes, so that a run started right
     * after (an experiment's or a sweep's next) is admitted whenever they see this connection close.
     * Central services already gone end it by the close alone.
     */
    private void end() {
        if (!begun || central.isBroken()) {
            return;
        }
        try {
            central.call(FrameType.RUN_END, new CentralMessages.Run(run).encode(), centralTimeout);
        } catch (WireException e) {
            // Not ended by message: the close that follows ends it.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void listen(Listener l) {
        this.listener = l;
    }

    /** The liveness bounds and dialer this side's connections are made with. */
    Wire wire() {
        return wire;
    }

    WireClient central() {
        return central;
    }

    Duration replyTimeout() {
        return replyTimeout;
    }

    Duration centralTimeout() {
        return centralTimeout;
    }

    /**
     * Waits (bounded) until at least {@code n} instances have registered with the message server,
     * then hands each the run's settings: an instance started with other settings takes the run's,
     * or refuses in one line (a WireException naming the instance and what differs) before any logon.
     */
    void awaitInstances(int n, Duration timeout) throws InterruptedException {
        long deadline = clock.nanoTime() + timeout.toNanos();
        while (true) {
            List<CentralMessages.Instance> listed = registered();
            listed.forEach(i -> addresses.put(i.number(), i.address()));
            if (listed.size() >= n) {
                for (var i : listed) {
                    client(i.number(), i.address());
                }
                return;
            }
            if (clock.nanoTime() > deadline) {
                throw new WireException(
                        listed.size() + " of " + n + " app-server instances registered with the central services "
                                + "within " + timeout.toSeconds() + " s");
            }
            Thread.sleep(TierTimeouts.REGISTRATION_POLL);
        }
    }

    /** The instances the message server lists now (its logon group). */
    List<CentralMessages.Instance> registered() throws InterruptedException {
        return CentralMessages.Instances.decode(central.call(FrameType.INSTANCES, Control.EMPTY, centralTimeout)
                        .body())
                .all();
    }

    Routed route() throws InterruptedException {
        var r = CentralMessages.Instance.decode(
                central.call(FrameType.ROUTE, Control.EMPTY, centralTimeout).body());
        addresses.put(r.number(), r.address());
        return new Routed(r.number(), client(r.number(), r.address()));
    }

    /** A live connection to instance {@code n} at its last known address. */
    WireClient client(int n) throws InterruptedException {
        return client(n, addresses.get(n));
    }

    /** A live connection to instance {@code n}; a new one carries the run's settings before anything else. */
    private WireClient client(int n, HostAndPort a) throws InterruptedException {
        WireClient c = instances.get(n);
        if (c != null && !c.isBroken()) {
            return c;
        }
        connecting.lock();
        try {
            c = instances.get(n);
            if (c != null && !c.isBroken()) {
                return c;
            }
            WireClient fresh;
            try {
                fresh = WireClient.connect(
                        wire,
                        Dialer.Hop.DRIVER_TO_APP,
                        a,
                        Role.DRIVER,
                        token,
                        connectTimeout,
                        "app server " + n + " at " + a);
            } catch (PeerRefused e) {
                throw e;
            } catch (WireException e) {
                throw new Unreachable(n, e.getMessage());
            }
            try {
                Control.empty(fresh.call(FrameType.RUN_SETTINGS, settings.encode(), replyTimeout)
                        .body());
            } catch (WireException e) {
                fresh.close();
                String why = "app server " + n + " at " + a + " cannot serve this run: " + e.getMessage();
                throw e instanceof PeerRefused
                        ? new PeerRefused(why)
                        : e instanceof NoReply ? new NoReply(why) : new Unreachable(n, why);
            }
            instances.put(n, fresh);
            listener.connected(n);
            fresh.broken().thenAccept(why -> {
                if (!why.clean()) {
                    Thread.ofVirtual().start(() -> listener.lost(n, why.toString()));
                }
            });
            return fresh;
        } finally {
            connecting.unlock();
        }
    }

    /** The connected instances whose connection is not broken. */
    Map<Integer, WireClient> live() {
        Map<Integer, WireClient> m = new TreeMap<>();
        instances.forEach((n, c) -> {
            if (!c.isBroken()) {
                m.put(n, c);
            }
        });
        return m;
    }

    /** Each registered instance's address, as the message server gave it. */
    Map<Integer, HostAndPort> addresses() {
        return new TreeMap<>(addresses);
    }

    @Override
    public void close() {
        instances.values().forEach(WireClient::close);
        end();
        central.close();
    }
}
