package org.sdbench.protocol;

/**
 * Where the time of one dialog step went, in nanoseconds (ST03's breakdown). Response time is
 * measured by the caller; roll-out is not part of it, as in SAP. {@code dbRows}: rows the step's
 * queries returned (VA05's list returns its 40 orders).
 */
public record StepTimes(
        long waitNs,
        long rollInNs,
        long cpuNs,
        long dbNs,
        int dbCalls,
        long enqueueNs,
        long numberRangeNs,
        long updateWaitNs,
        long rollOutNs,
        int dbRows) {

    public static final StepTimes ZERO = new StepTimes(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
}
