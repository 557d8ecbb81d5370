package org.sdbench.report;

import java.util.List;
import java.util.function.Supplier;
import org.sdbench.protocol.InstanceFigures;

/**
 * Counts the table-buffer reads of the measurement window: at every harvest the reads since the
 * previous one are added when the span was measurement, as the step metrics are. The totals are
 * the instances' figures: read live (two-tier) or as the app servers' last stats replies gave them
 * (three-tier). Called on the reporter thread only.
 */
public final class BufferWindow {
    private final Supplier<List<InstanceFigures>> instances;
    private InstanceFigures.BufferFigures last;
    private long windowHits;
    private long windowMisses;
    private long windowFirstReads;

    public BufferWindow(Supplier<List<InstanceFigures>> instances) {
        this.instances = instances;
        last = total(instances.get());
    }

    private static InstanceFigures.BufferFigures total(List<InstanceFigures> all) {
        return new InstanceFigures.BufferFigures(
                InstanceFigures.sum(all, i -> i.tableBuffer().hits()),
                InstanceFigures.sum(all, i -> i.tableBuffer().misses()),
                InstanceFigures.sum(all, i -> i.tableBuffer().firstReads()),
                InstanceFigures.sum(all, i -> i.tableBuffer().entries()),
                InstanceFigures.sum(all, i -> i.tableBuffer().evictions()),
                InstanceFigures.sum(all, i -> i.tableBuffer().invalidations()),
                InstanceFigures.sum(all, i -> i.tableBuffer().syncPolls()));
    }

    public void harvest(boolean inWindow) {
        InstanceFigures.BufferFigures now = total(instances.get());
        if (inWindow) {
            windowHits += now.hits() - last.hits();
            windowMisses += now.misses() - last.misses();
            windowFirstReads += now.firstReads() - last.firstReads();
        }
        last = now;
    }

    /** The window's reads with the instances' whole-run sizes, displacements, invalidations and DDLOG reads. */
    public TableBufferFigures figures(long capacityPerInstance, List<InstanceFigures> all) {
        InstanceFigures.BufferFigures run = total(all);
        long reads = windowHits + windowMisses;
        return new TableBufferFigures(
                capacityPerInstance,
                run.entries(),
                windowHits,
                windowMisses,
                reads == 0 ? 0 : (double) windowHits / reads,
                run.evictions(),
                run.invalidations(),
                run.syncPolls(),
                0,
                Math.min(windowFirstReads, windowMisses));
    }
}
