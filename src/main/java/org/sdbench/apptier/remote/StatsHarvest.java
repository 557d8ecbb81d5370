package org.sdbench.apptier.remote;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.sdbench.apptier.RemoteFacts;
import org.sdbench.apptier.TierTimeouts;
import org.sdbench.core.Clock;
import org.sdbench.measure.metrics.RemoteUpdates;
import org.sdbench.measure.metrics.RunMetrics;
import org.sdbench.protocol.InstanceFigures;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.wire.AppMessages;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireException;

/**
 * The app servers' figures, pulled at every harvest: each interval's update figures merged
 * exactly into the run's metrics, each instance's totals kept as its last reply gave them (the
 * tier's live view), and every process's CPU time sampled for CPU per tier.
 */
final class StatsHarvest {
    private final Connections connections;
    private final RunMetrics metrics;
    private final Clock clock;
    private final Map<Integer, AppMessages.Stats> latest = new ConcurrentSkipListMap<>();
    private final Map<String, List<RemoteFacts.CpuSample>> cpu = new ConcurrentHashMap<>();
    private volatile ProcessInfo centralInfo;

    StatsHarvest(Connections connections, RunMetrics metrics, Clock clock) {
        this.connections = connections;
        this.metrics = metrics;
        this.clock = clock;
    }

    /** Pulls every live instance's interval figures into the metrics, and everyone's CPU time. */
    void pull() {
        long now = clock.nanoTime();
        for (WireClient c : connections.live().values()) {
            try {
                var reply = AppMessages.Stats.decode(call(c));
                RemoteUpdates.mergeInto(reply.updates(), metrics);
                latest.put(reply.totals().number(), reply);
                sample(reply.process().role(), now, reply.process().cpuNanos());
            } catch (WireException ex) {
                // A dead instance's figures end with its last reply; its loss is reported separately.
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        try {
            centralInfo =
                    CentralMessages.Stats.decode(call(connections.central())).process();
            sample(Role.CENTRAL, now, centralInfo.cpuNanos());
        } catch (WireException ex) {
            // Central services gone: the run notices through its own watch of that connection.
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        }
    }

    private static byte[] call(WireClient c) throws InterruptedException {
        return c.call(FrameType.STATS, Control.EMPTY, TierTimeouts.STATS_REPLY).body();
    }

    private void sample(String role, long now, long cpuNanos) {
        cpu.computeIfAbsent(role, k -> new CopyOnWriteArrayList<>()).add(new RemoteFacts.CpuSample(now, cpuNanos));
    }

    /** Each instance's totals as its last reply gave them (a dead one's last reply stays). */
    List<InstanceFigures> instances() {
        return latest.values().stream().map(AppMessages.Stats::totals).toList();
    }

    /** The update requests of an earlier life the instances processed at start. */
    int recovered() {
        return latest.values().stream().mapToInt(AppMessages.Stats::recovered).sum();
    }

    /** Every process that reported, with its CPU samples; {@code dead} instances and a gone central marked. */
    List<RemoteFacts.ProcessSamples> processes(Set<Integer> dead, boolean centralGone) {
        Map<String, List<RemoteFacts.CpuSample>> samples = new TreeMap<>();
        cpu.forEach((k, v) -> samples.put(k, List.copyOf(v)));
        List<RemoteFacts.ProcessSamples> all = new ArrayList<>();
        for (var s : latest.values()) {
            all.add(process(s.process(), samples, dead.contains(s.totals().number())));
        }
        ProcessInfo ci = centralInfo;
        if (ci != null) {
            all.add(process(ci, samples, centralGone));
        }
        return all;
    }

    private static RemoteFacts.ProcessSamples process(
            ProcessInfo p, Map<String, List<RemoteFacts.CpuSample>> samples, boolean dead) {
        return new RemoteFacts.ProcessSamples(
                p.role(), p.host(), p.pid(), p.version(), p.cores(), samples.getOrDefault(p.role(), List.of()), dead);
    }
}
