package org.sdbench.report;

import java.util.Locale;

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
 * @param windowFirstReads window misses that were an entry's first read while the buffer had displaced and
 *     dropped nothing ({@code TableBuffer.firstReads}): the buffer still warming, which says nothing about its size
 */
public record TableBufferFigures(
        long capacityPerInstance,
        long entries,
        long windowHits,
        long windowMisses,
        double windowHitRatio,
        long evictions,
        long invalidations,
        long syncPolls,
        long customizingChanges,
        long windowFirstReads) {
    public static final double GUIDELINE = 0.98;

    /** The ≥ 98 % guideline's verdict on the window. */
    public enum Guideline {
        MET,
        MISSED,
        /** Below 98 % only by first reads: the buffer was still warming (a short run), judged on a longer one. */
        WARMING
    }

    public TableBufferFigures withCustomizingChanges(long changes) {
        return new TableBufferFigures(
                capacityPerInstance,
                entries,
                windowHits,
                windowMisses,
                windowHitRatio,
                evictions,
                invalidations,
                syncPolls,
                changes,
                windowFirstReads);
    }

    /**
     * MET at ≥ 98 % of the window's reads; WARMING when only the first reads of a buffer that displaced nothing
     * keep it below (the guideline is about a buffer too small for its working set, which a short run's cold
     * start does not show); MISSED otherwise, and when the window read nothing.
     */
    public Guideline guideline() {
        long reads = windowHits + windowMisses;
        if (reads == 0) {
            return Guideline.MISSED;
        }
        if (windowHitRatio >= GUIDELINE) {
            return Guideline.MET;
        }
        return warmHitRatio() >= GUIDELINE && windowFirstReads > 0 ? Guideline.WARMING : Guideline.MISSED;
    }

    /** The hit ratio of the window's reads other than first reads (1 when there were none). */
    public double warmHitRatio() {
        long warmReads = windowHits + windowMisses - windowFirstReads;
        return warmReads <= 0 ? 1 : (double) windowHits / warmReads;
    }

    /** Whether the window met the ≥ 98 % guideline (no reads at all meets it trivially: false). */
    public boolean guidelineMet() {
        return guideline() == Guideline.MET;
    }

    /** The verdict as the summary and the report print it. */
    public String guidelineText() {
        return switch (guideline()) {
            case MET -> "met";
            case MISSED -> "MISSED";
            case WARMING ->
                String.format(
                        Locale.ROOT,
                        "not judged, still warming: %,d of the %,d misses were "
                                + "first reads, the others leave %.2f %% hits",
                        windowFirstReads,
                        windowMisses,
                        warmHitRatio() * 100);
        };
    }
}
