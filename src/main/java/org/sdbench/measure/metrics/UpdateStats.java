package org.sdbench.measure.metrics;

/**
 * The update task over the measurement window.
 *
 * @param saveToCommitted from the dialog's save (update request committed) to its V1 commit
 * @param avgV1DbMs DB request time of the V1 part per update (the certificate's "U:" figure)
 * @param avgV2DbMs DB request time of the V2 (statistics) part per update
 * @param maxQueueLength longest update queue seen
 */
public record UpdateStats(
        long updates, long errors, Latency saveToCommitted, double avgV1DbMs, double avgV2DbMs, long maxQueueLength) {}
