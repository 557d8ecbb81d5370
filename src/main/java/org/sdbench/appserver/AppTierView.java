package org.sdbench.appserver;

import java.util.List;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * What the metrics endpoint shows of the app tier, wherever its instances run: read live in this
 * process (two-tier), or from the figures the app-server processes last reported (three-tier).
 */
public interface AppTierView {
    /** One instance's gauges and counters. */
    record Instance(
            int number,
            IntSupplier dispatcherQueue,
            IntSupplier updateQueue,
            LongSupplier numberRangeFetches,
            LongSupplier numberRangeWaitNs,
            LongSupplier tableBufferHits,
            LongSupplier tableBufferMisses,
            LongSupplier connectionsReplaced) {}

    List<Instance> instances();

    long enqueueRequests();

    long enqueueConflicts();

    static AppTierView of(AppServerSystem system) {
        List<Instance> all = system.instances().stream().map(AppTierView::of).toList();
        return new AppTierView() {
            @Override
            public List<Instance> instances() {
                return all;
            }

            @Override
            public long enqueueRequests() {
                return system.enqueue().stats().requests();
            }

            @Override
            public long enqueueConflicts() {
                return system.enqueue().stats().conflicts();
            }
        };
    }

    private static Instance of(AppServerInstance i) {
        return new Instance(
                i.number(),
                () -> i.dispatcher().length(),
                () -> i.updateTask().queueLength(),
                () -> i.numberRanges().stats().fetches(),
                () -> i.numberRanges().stats().waitNs(),
                () -> i.tableBuffer().hits(),
                () -> i.tableBuffer().misses(),
                () -> i.sessions().replacedConnections());
    }
}
