package org.sdbench.report;

import java.util.List;
import org.sdbench.appserver.AppServerInstance;
import org.sdbench.appserver.TableBuffer;

/**
 * Counts the table-buffer reads of the measurement window: at every harvest the reads since the
 * previous one are added when the span was measurement, as the step metrics are. Called on the
 * reporter thread only.
 */
public final class BufferWindow {
    private final List<AppServerInstance> instances;
    private long lastHits;
    private long lastMisses;
    private long windowHits;
    private long windowMisses;

    public BufferWindow(List<AppServerInstance> instances) {
        this.instances = List.copyOf(instances);
        lastHits = sum(true);
        lastMisses = sum(false);
    }

    public void harvest(boolean inWindow) {
        long h = sum(true);
        long m = sum(false);
        if (inWindow) {
            windowHits += h - lastHits;
            windowMisses += m - lastMisses;
        }
        lastHits = h;
        lastMisses = m;
    }

    private long sum(boolean hits) {
        long n = 0;
        for (AppServerInstance i : instances) {
            n += hits ? i.tableBuffer().hits() : i.tableBuffer().misses();
        }
        return n;
    }

    public TableBufferFigures figures(long capacityPerInstance) {
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
        long reads = windowHits + windowMisses;
        return new TableBufferFigures(capacityPerInstance, entries, windowHits, windowMisses,
                reads == 0 ? 0 : (double) windowHits / reads, evictions, invalidations, polls);
    }
}
