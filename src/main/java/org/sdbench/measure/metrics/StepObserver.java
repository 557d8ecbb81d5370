package org.sdbench.measure.metrics;

import org.sdbench.core.SdStep;
import org.sdbench.protocol.StepTimes;

/**
 * Sees every dialog step and update as {@link RunMetrics} records it, for live exporters
 * (Prometheus). Called on the users' virtual threads and the update work processes: it must be
 * thread-safe, cheap and must not block.
 */
public interface StepObserver {
    /** One dialog step; {@code times} is meaningful only when {@code ok}. */
    void step(SdStep step, boolean ok, long responseNs, StepTimes times);

    /** One update request whose V1 part committed. */
    void update(long saveToCommittedNs, long v1DbNs);

    /** The updates another process (an app server) committed in one interval, as it recorded them. */
    default void remoteUpdates(org.HdrHistogram.Histogram saveToCommittedUs, long v1DbNs) {}

    StepObserver NONE = new StepObserver() {
        @Override
        public void step(SdStep step, boolean ok, long responseNs, StepTimes times) {}

        @Override
        public void update(long saveToCommittedNs, long v1DbNs) {}
    };
}
