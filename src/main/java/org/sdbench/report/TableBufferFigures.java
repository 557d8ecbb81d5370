package org.sdbench.report;

/**
 * The table buffers of all instances: size, what the measurement window read through them, and
 * what displaced or invalidated their entries over the whole run.
 *
 * @param capacityPerInstance configured entries per instance (appServer.tableBufferEntries)
 * @param entries entries buffered at the end, all instances
 * @param windowHitRatio share of the window's buffered reads served from the buffer (0..1); the
 *     SAP guideline is {@value #GUIDELINE} or more. Warm-up misses of the ramp-up stay out of it.
 * @param evictions entries displaced because a buffer was full (ST02's swaps), whole run
 * @param invalidations entries dropped because their table changed (DDLOG), whole run
 * @param syncPolls DDLOG reads of all instances, whole run
 * @param customizingChanges buffered customizing entries the run changed (run.customizingChangeEvery)
 */
public record TableBufferFigures(long capacityPerInstance, long entries, long windowHits, long windowMisses,
                                 double windowHitRatio, long evictions, long invalidations, long syncPolls,
                                 long customizingChanges) {
    public static final double GUIDELINE = 0.98;

    public TableBufferFigures withCustomizingChanges(long changes) {
        return new TableBufferFigures(capacityPerInstance, entries, windowHits, windowMisses, windowHitRatio, evictions,
                invalidations, syncPolls, changes);
    }

    /** Whether the window met the ≥ 98 % guideline (no reads at all meets it trivially: false). */
    public boolean guidelineMet() {
        return windowHits + windowMisses > 0 && windowHitRatio >= GUIDELINE;
    }
}
