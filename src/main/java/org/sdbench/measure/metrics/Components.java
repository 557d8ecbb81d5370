package org.sdbench.measure.metrics;

/**
 * Average time per dialog step in each ST03 component, in milliseconds. Roll-out is listed but is
 * not part of the response time, as in SAP.
 */
public record Components(
        double waitMs,
        double rollInMs,
        double cpuMs,
        double dbMs,
        double enqueueMs,
        double numberRangeMs,
        double updateWaitMs,
        double rollOutMs) {}
