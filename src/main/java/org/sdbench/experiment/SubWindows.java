package org.sdbench.experiment;

import java.util.Map;

/** The sub-windows of one run of a design that switches settings inside it. */
final class SubWindows {
    private SubWindows() {}

    /**
     * One sub-window, as experiment.json records it.
     *
     * @param block          the block it belongs to, from 1 (a block runs every variant once)
     * @param variant        the variant whose settings were in force
     * @param fromSeconds    when it started, in seconds since the run's start (its settle period begins)
     * @param settledSeconds when its settle period ended and its measurement began
     * @param toSeconds      when it ended
     * @param steps          the dialog steps measured in it (after the settle period)
     * @param inForce        the values a new session saw for the varied settings once they were switched
     * @param unpaired       why it is in no pair; null when it is
     */
    record Window(
            int block,
            String variant,
            double fromSeconds,
            double settledSeconds,
            double toSeconds,
            long steps,
            Map<String, String> inForce,
            String unpaired) {}
}
