package org.sdbench.run;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.sdbench.apptier.RemoteFacts;
import org.sdbench.measure.metrics.Interval;
import org.sdbench.measure.metrics.Phases;
import org.sdbench.measure.metrics.Summary;
import org.sdbench.protocol.InstanceFigures;

/**
 * What a bench of the simulator itself adds to the one run lifecycle ({@link RunEngine#measure}):
 * its business logic, a hook once the tier is up and before the phases are fixed (a heap
 * baseline), and a probe at every harvest, made for the run's phases once they are fixed (CPU
 * snapshots and the instances' counters at the window's boundaries).
 */
public record Measurement(AppLogic logic, Runnable started, Function<Harvested, Consumer<Interval>> probe) {
    /**
     * What a probe reads at a harvest: the run's phases, and every app-server instance's totals as of
     * that harvest (read in this process, or as the app servers' replies to it gave them).
     */
    public record Harvested(Phases phases, Supplier<List<InstanceFigures>> instances) {}

    public Measurement {
        if (logic == null || started == null || probe == null) {
            throw new IllegalArgumentException("a measurement needs its logic, its start hook and its probe");
        }
    }

    /**
     * What a measured run gives back besides its probe's readings.
     *
     * @param tierCpuNanos CPU each process of a tier that runs elsewhere used over the window, by role
     *     ({@code protocol.Role}: each app-server instance's, the central services'); empty when the tier runs in this process
     */
    public record Measured(Summary summary, Map<String, Long> tierCpuNanos) {
        public Measured {
            tierCpuNanos = Map.copyOf(tierCpuNanos);
        }

        /** Sum over the roles starting with {@code prefix}; -1 when none was measured. */
        public long cpuNanos(String prefix) {
            long sum = -1;
            for (var e : tierCpuNanos.entrySet()) {
                if (e.getKey().startsWith(prefix)) {
                    sum = Math.max(0, sum) + e.getValue();
                }
            }
            return sum;
        }
    }

    /**
     * The window's CPU per process from the samples the tier took at every harvest, between the
     * samples nearest the window's boundaries (the harvests that open and close it).
     */
    static Map<String, Long> windowCpu(RemoteFacts facts, Phases phases) {
        Map<String, Long> out = new TreeMap<>();
        if (facts == null) {
            return out;
        }
        for (var p : facts.processes()) {
            if (p.samples().size() < 2) {
                continue;
            }
            var from = RemoteFacts.CpuSample.nearest(p.samples(), phases.windowStart());
            var to = RemoteFacts.CpuSample.nearest(p.samples(), phases.windowEnd());
            if (from.cpuNanos() >= 0 && to.cpuNanos() >= from.cpuNanos() && to.nanoTime() > from.nanoTime()) {
                out.put(p.role(), to.cpuNanos() - from.cpuNanos());
            }
        }
        return out;
    }
}
