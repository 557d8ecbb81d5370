package org.sdbench.driver;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import org.sdbench.appserver.AppTierView;
import org.sdbench.config.ConfigLoader;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.core.Clock;
import org.sdbench.metrics.RemoteUpdates;
import org.sdbench.metrics.RunMetrics;
import org.sdbench.protocol.enqueue.EnqueueStats;
import org.sdbench.protocol.wire.Address;
import org.sdbench.protocol.wire.AppMessages;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.InstanceStats;
import org.sdbench.protocol.wire.Liveness;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.Roles;
import org.sdbench.protocol.wire.RoundTrips;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireException;

/**
 * The driver's view of a three-tier system: its connection to the central services, one shared
 * connection per app-server instance, the instances' figures (pulled at every harvest, merged
 * exactly into the run's metrics) and what happens when an instance dies: its users log on
 * elsewhere and a surviving instance takes over its pending update requests.
 */
public final class RemoteTier implements AutoCloseable {
    /** One process's CPU time at one moment, for CPU per tier over the window. */
    public record CpuSample(long nanoTime, long cpuNanos) {}

    private final WireClient central;
    private final Token token;
    private final Duration connectTimeout;
    private final Duration replyTimeout;
    private final Duration centralTimeout;
    private final Clock clock;
    private final Consumer<String> log;
    private final Map<Integer, WireClient> instances = new ConcurrentHashMap<>();
    private final Map<Integer, Address> addresses = new ConcurrentSkipListMap<>();
    private final Set<Integer> dead = ConcurrentHashMap.newKeySet();
    /** Lost instances whose fate is settled: fenced out of the logon group, or found alive after the bound. */
    private final Set<Integer> settled = ConcurrentHashMap.newKeySet();

    private final Map<Integer, InstanceStats> latest = new ConcurrentSkipListMap<>();
    private final Map<String, List<CpuSample>> cpu = new ConcurrentHashMap<>();
    private final ReentrantLock connecting = new ReentrantLock();
    private volatile ProcessInfo centralInfo;
    private volatile AppMessages.RunSettings settings;
    private volatile EnqueueStats centralEnqueue;
    private final Wire wire;
    private final long fenceMillis;

    public RemoteTier(
            Wire wire,
            Address centralAddress,
            Token token,
            Duration connectTimeout,
            Duration replyTimeout,
            Duration centralTimeout,
            Clock clock,
            Consumer<String> log) {
        this.wire = wire;
        this.fenceMillis = fenceMillis(wire.liveness());
        this.centralTimeout = centralTimeout;
        this.token = token;
        this.connectTimeout = connectTimeout;
        this.replyTimeout = replyTimeout;
        this.clock = clock;
        this.log = log;
        this.central = WireClient.connect(
                wire,
                Dialer.Hop.DRIVER_TO_CENTRAL,
                centralAddress,
                Roles.DRIVER,
                token,
                connectTimeout,
                "central services at " + centralAddress);
    }

    public WireClient central() {
        return central;
    }

    /**
     * Waits (bounded) until at least {@code n} instances have registered with the message server,
     * then hands each the run's settings: an instance started with other settings takes the run's,
     * or refuses in one line (a WireException naming the instance and what differs) before any logon.
     */
    public void awaitInstances(int n, Duration timeout, SdbenchConfig run) throws InterruptedException {
        settings = run == null
                ? settings
                : new AppMessages.RunSettings(ConfigLoader.toYaml(run), ConfigLoader.workloadYaml(run));
        long deadline = clock.nanoTime() + timeout.toNanos();
        while (true) {
            var listed =
                    CentralMessages.Instances.decode(central.call(FrameType.INSTANCES, Control.EMPTY, centralTimeout)
                            .body());
            listed.all().forEach(i -> addresses.put(i.number(), i.address()));
            int count = listed.all().size();
            if (count >= n) {
                for (var i : listed.all()) {
                    client(i.number(), i.address());
                }
                return;
            }
            if (clock.nanoTime() > deadline) {
                throw new WireException(
                        count + " of " + n + " app-server instances registered with the central services within "
                                + timeout.toSeconds() + " s");
            }
            Thread.sleep(100);
        }
    }

    /** The instance a logon goes to (message server's choice) and a live connection to it. */
    record Routed(int number, WireClient client) {}

    Routed route() throws InterruptedException {
        var r = CentralMessages.Instance.decode(
                central.call(FrameType.ROUTE, Control.EMPTY, centralTimeout).body());
        addresses.put(r.number(), r.address());
        return new Routed(r.number(), client(r.number(), r.address()));
    }

    /** A live connection to instance {@code n}; a new one carries the run's settings before anything else. */
    private WireClient client(int n, Address a) throws InterruptedException {
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
            WireClient fresh = WireClient.connect(
                    wire,
                    Dialer.Hop.DRIVER_TO_APP,
                    a,
                    Roles.DRIVER,
                    token,
                    connectTimeout,
                    "app server " + n + " at " + a);
            if (settings == null) {
                fresh.close();
                throw new IllegalStateException(
                        "RemoteTier.awaitInstances hands the instances the run's settings first");
            }
            try {
                Control.empty(fresh.call(FrameType.RUN_SETTINGS, settings.encode(), replyTimeout)
                        .body());
            } catch (WireException e) {
                fresh.close();
                throw new WireException("app server " + n + " at " + a + " cannot serve this run: " + e.getMessage());
            }
            instances.put(n, fresh);
            dead.remove(n);
            settled.remove(n);
            fresh.broken().thenAccept(why -> {
                if (!why.clean()) {
                    Thread.ofVirtual().start(() -> instanceLost(n, why.toString()));
                }
            });
            return fresh;
        } finally {
            connecting.unlock();
        }
    }

    Duration replyTimeout() {
        return replyTimeout;
    }

    /**
     * A lost instance's pending update requests are adopted only once it is fenced: the central
     * services no longer list it at its address (its own connection there closed, or silent past
     * {@link Liveness#silenceMillis}), so it can no longer take enqueue locks nor stay in the logon
     * group, and it stops itself when it notices. Until then its users wait instead of logging on
     * elsewhere, so no user's locks are held by two sessions.
     */
    private void instanceLost(int n, String why) {
        if (!dead.add(n) || central.isBroken()) {
            // Without central services the app servers stop by design; there is nobody to hand work to.
            settled.add(n);
            return;
        }
        log.accept("app server " + n + " lost (" + why + "): fencing it before its users log on elsewhere");
        try {
            Address was = addresses.get(n);
            long deadline = clock.nanoTime() + TimeUnit.MILLISECONDS.toNanos(fenceMillis);
            boolean fenced = false;
            while (!fenced && clock.nanoTime() < deadline) {
                var listed = CentralMessages.Instances.decode(
                        central.call(FrameType.INSTANCES, Control.EMPTY, centralTimeout)
                                .body());
                fenced = listed.all().stream()
                        .noneMatch(i -> i.number() == n && i.address().equals(was));
                if (!fenced) {
                    Thread.sleep(250);
                }
            }
            if (fenced) {
                log.accept("app server " + n
                        + " fenced (no longer in the logon group): its users log on to another instance");
                settled.add(n);
                adopt(n);
            } else {
                log.accept("app server " + n + " is still registered with the central services after " + fenceMillis
                        + " ms: alive, its update requests stay with it");
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

    /** How long a lost instance may stay in the logon group before it counts as alive: the central's silence bound and margin. */
    static long fenceMillis(Liveness l) {
        return l.silenceMillis() + 2 * l.heartbeatMillis() + 2_000;
    }

    /** Whether users of lost instance {@code n} may log on elsewhere now (it is fenced, or found alive). */
    boolean relogonAllowed(int n) {
        return !dead.contains(n) || settled.contains(n);
    }

    /** Asks a live instance to process the pending update requests of a dead one; false if none could. */
    private boolean adopt(int deadInstance) throws InterruptedException {
        for (var e : addresses.entrySet()) {
            if (dead.contains(e.getKey())) {
                continue;
            }
            try {
                WireClient c = client(e.getKey(), e.getValue());
                int n = Control.Count.decode(
                                c.call(FrameType.ADOPT, new AppMessages.Adopt(deadInstance).encode(), replyTimeout)
                                        .body())
                        .n();
                log.accept("app server " + e.getKey() + " took over " + n + " pending update requests of instance "
                        + deadInstance);
                return true;
            } catch (WireException ex) {
                log.accept("app server " + e.getKey() + " could not take over instance " + deadInstance + ": "
                        + ex.getMessage());
            }
        }
        return false;
    }

    /**
     * Times every hop before the run: driver to each app server and to the central services (ping
     * frames), each app server to the central services and to the DB (its own probe).
     */
    public List<RoundTrips> probeHops(int count) throws InterruptedException {
        List<RoundTrips> hops = new ArrayList<>();
        hops.add(RoundTrips.ping(central, "driver", "central", count));
        for (var e : addresses.entrySet()) {
            WireClient c = client(e.getKey(), e.getValue());
            hops.add(RoundTrips.ping(c, Roles.DRIVER, Roles.appServer(e.getKey()), count));
            var r = AppMessages.ProbeReply.decode(
                    c.call(FrameType.PROBE, new AppMessages.Probe(count).encode(), replyTimeout)
                            .body());
            hops.add(r.toCentral());
            hops.add(r.toDb());
        }
        return hops;
    }

    /** Dead instances once more (requests written just before the crash), before the final drain. */
    public void adoptDead() throws InterruptedException {
        for (int n : List.copyOf(dead)) {
            adopt(n);
        }
    }

    public Set<Integer> deadInstances() {
        return Set.copyOf(dead);
    }

    /** Pulls every live instance's interval figures into the metrics, and everyone's CPU time. */
    public void pullStats(RunMetrics metrics) {
        long now = clock.nanoTime();
        for (var e : instances.entrySet()) {
            if (e.getValue().isBroken()) {
                continue;
            }
            try {
                var reply = AppMessages.Stats.decode(e.getValue()
                        .call(FrameType.STATS, Control.EMPTY, Duration.ofSeconds(10))
                        .body());
                RemoteUpdates.mergeInto(reply.updates(), metrics);
                InstanceStats s = reply.totals();
                latest.put(s.number(), s);
                cpu.computeIfAbsent(s.process().role(), k -> new CopyOnWriteArrayList<>())
                        .add(new CpuSample(now, s.process().cpuNanos()));
            } catch (WireException ex) {
                // A dead instance's figures end with its last reply; its loss is reported separately.
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        try {
            var s = CentralMessages.Stats.decode(central.call(FrameType.STATS, Control.EMPTY, Duration.ofSeconds(10))
                    .body());
            centralEnqueue = new EnqueueStats(s.requests(), s.conflicts(), s.lockNs(), s.entries());
            centralInfo = s.process();
            cpu.computeIfAbsent("central", k -> new CopyOnWriteArrayList<>())
                    .add(new CpuSample(now, centralInfo.cpuNanos()));
        } catch (WireException ex) {
            // Central services gone: the run notices through its own watch of that connection.
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The app tier as the metrics endpoint sees it: each instance's figures as of its last stats
     * reply (one harvest interval old at most), enqueue counts as the app servers measured them.
     */
    public AppTierView view() {
        List<AppTierView.Instance> all = new ArrayList<>();
        for (int n : addresses.keySet()) {
            all.add(new AppTierView.Instance(
                    n,
                    () -> ofInt(n, InstanceStats::dispatcherQueue),
                    () -> ofInt(n, InstanceStats::updateQueue),
                    () -> of(n, InstanceStats::numberRangeFetches),
                    () -> of(n, InstanceStats::numberRangeWaitNs),
                    () -> of(n, InstanceStats::tableBufferHits),
                    () -> of(n, InstanceStats::tableBufferMisses),
                    () -> of(n, InstanceStats::connectionsReplaced)));
        }
        return new AppTierView() {
            @Override
            public List<Instance> instances() {
                return all;
            }

            @Override
            public long enqueueRequests() {
                return latest.values().stream()
                        .mapToLong(InstanceStats::enqueueRequests)
                        .sum();
            }

            @Override
            public long enqueueConflicts() {
                return latest.values().stream()
                        .mapToLong(InstanceStats::enqueueConflicts)
                        .sum();
            }
        };
    }

    private int ofInt(int n, ToIntFunction<InstanceStats> f) {
        InstanceStats s = latest.get(n);
        return s == null ? 0 : f.applyAsInt(s);
    }

    private long of(int n, ToLongFunction<InstanceStats> f) {
        InstanceStats s = latest.get(n);
        return s == null ? 0 : f.applyAsLong(s);
    }

    /** Each registered instance's address, as the message server gave it. */
    public Map<Integer, Address> addresses() {
        return new TreeMap<>(addresses);
    }

    public Map<Integer, InstanceStats> instanceStats() {
        return new TreeMap<>(latest);
    }

    public ProcessInfo centralInfo() {
        return centralInfo;
    }

    /** The enqueue server's own count (the lock table's view); null before the first pull. */
    public EnqueueStats centralEnqueue() {
        return centralEnqueue;
    }

    public Map<String, List<CpuSample>> cpuSamples() {
        Map<String, List<CpuSample>> m = new TreeMap<>();
        cpu.forEach((k, v) -> m.put(k, List.copyOf(v)));
        return m;
    }

    /** Stops every live instance after draining its update task; true when all drained. */
    public boolean drain(Duration timeout) throws InterruptedException {
        boolean drained = true;
        List<Integer> live = new ArrayList<>();
        for (var e : instances.entrySet()) {
            if (!e.getValue().isBroken()) {
                live.add(e.getKey());
            }
        }
        for (int n : live) {
            try {
                Frame f = instances
                        .get(n)
                        .call(
                                FrameType.SHUTDOWN,
                                new AppMessages.Shutdown((int) timeout.toSeconds()).encode(),
                                timeout.plusSeconds(30));
                drained &= Control.Flag.decode(f.body()).value();
            } catch (WireException e) {
                log.accept("app server " + n + " did not drain: " + e.getMessage());
                drained = false;
            }
        }
        return drained;
    }

    @Override
    public void close() {
        instances.values().forEach(WireClient::close);
        central.close();
    }
}
