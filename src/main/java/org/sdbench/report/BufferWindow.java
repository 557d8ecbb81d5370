package org.sdbench.report;

import java.util.List;
import java.util.function.LongSupplier;
import org.sdbench.appserver.AppServerInstance;
import org.sdbench.appserver.TableBuffer;

/**
 * Counts the table-buffer reads of the measurement window: at every harvest the reads since the
 * previous one are added when the span was measurement, as the step metrics are. The totals come
 * from the in-process instances (two-tier) or from the app servers' last stats replies
 * (three-tier). Called on the reporter thread only.
 */
public final class BufferWindow {
    private final LongSupplier hits;
    private final LongSupplier misses;
    private final LongSupplier firstReads;
    private long lastHits;
    private long lastMisses;
    private long lastFirstReads;
    private long windowHits;
    private long windowMisses;
    private long windowFirstReads;

    /** @param hits all instances' buffer hits so far; @param misses likewise misses (first reads not known: 0) */
    public BufferWindow(LongSupplier hits, LongSupplier misses) {
        this(hits, misses, () -> 0);
    }

    /** @param firstReads all instances' misses that were an entry's first read ({@link TableBuffer#firstReads()}) */
    public BufferWindow(LongSupplier hits, LongSupplier misses, LongSupplier firstReads) {
        this.hits = hits;
        this.misses = misses;
        this.firstReads = firstReads;
        lastHits = hits.getAsLong();
        lastMisses = misses.getAsLong();
        lastFirstReads = firstReads.getAsLong();
    }

    public static BufferWindow of(List<AppServerInstance> instances) {
        List<AppServerInstance> all = List.copyOf(instances);
        return new BufferWindow(
                () -> all.stream().mapToLong(i -> i.tableBuffer().hits()).sum(),
                () -> all.stream().mapToLong(i -> i.tableBuffer().misses()).sum(),
                () -> all.stream().mapToLong(i -> i.tableBuffer().firstReads()).sum());
    }

    public void harvest(boolean inWindow) {
        long h = hits.getAsLong();
        long m = misses.getAsLong();
        long f = firstReads.getAsLong();
        if (inWindow) {
            windowHits += h - lastHits;
            windowMisses += m - lastMisses;
            windowFirstReads += f - lastFirstReads;
        }
        lastHits = h;
        lastMisses = m;
        lastFirstReads = f;
    }

    /** The window's reads with the in-process instances' sizes, displacements and invalidations. */
    public TableBufferFigures figures(long capacityPerInstance, List<AppServerInstance> instances) {
        long entries = 0;
        long evictions = 0;
        long invalidations = 0;
        long polls = 0;
        for (AppServerInstance i : instances) {
            TableBuffer b = i.tableBuffer();
            entries += b.size();
            evictions += b.evictions();
            invalidations += b.invalidations();
            polls += i.bufferSync().polls();
        }
        return figures(capacityPerInstance, entries, evictions, invalidations, polls);
    }

    /** The window's reads with whole-run totals of all instances. */
    public TableBufferFigures figures(
            long capacityPerInstance, long entries, long evictions, long invalidations, long syncPolls) {
        long reads = windowHits + windowMisses;
        return new TableBufferFigures(
                capacityPerInstance,
                entries,
                windowHits,
                windowMisses,
                reads == 0 ? 0 : (double) windowHits / reads,
                evictions,
                invalidations,
                syncPolls,
                0,
                Math.min(windowFirstReads, windowMisses));
    }
}
