package org.sdbench.run;

import java.util.List;
import org.sdbench.config.ConfigException;
import org.sdbench.measure.metrics.PrometheusEndpoint;
import org.sdbench.report.threshold.Threshold;

/**
 * How runs are carried out, the same for every run of an engine.
 *
 * @param intervalSeconds length of a progress interval (and of a row of intervals.csv)
 * @param metricsEndpoint where to serve Prometheus metrics during a run, or null for nowhere
 * @param acceptErrors failed steps in the window and a Little's-law departure do not fail the run
 * @param startAt when the ramp-up begins once the run is set up (runs that must run side by side start
 *                their phases, and so their intervals, together); null for at once
 */
public record RunOptions(
        int intervalSeconds,
        PrometheusEndpoint.Binding metricsEndpoint,
        List<Threshold> thresholds,
        boolean acceptErrors,
        StartAt startAt) {
    public RunOptions {
        ConfigException.require(intervalSeconds >= 1, "--interval", intervalSeconds, "1 or more seconds");
        if (thresholds == null) {
            throw new IllegalArgumentException("run options need a threshold list (maybe empty)");
        }
        thresholds = List.copyOf(thresholds);
    }

    /** No metrics endpoint, no thresholds, failed steps fail the run. */
    public static RunOptions of(int intervalSeconds) {
        return new RunOptions(intervalSeconds, null, List.of(), false, null);
    }

    /** Failed steps and a Little's-law departure do not fail the run (sweeps, experiments). */
    public RunOptions acceptingErrors(boolean accept) {
        return new RunOptions(intervalSeconds, metricsEndpoint, thresholds, accept, startAt);
    }

    public RunOptions withMetricsEndpoint(PrometheusEndpoint.Binding binding) {
        return new RunOptions(intervalSeconds, binding, thresholds, acceptErrors, startAt);
    }

    public RunOptions withThresholds(List<Threshold> checked) {
        return new RunOptions(intervalSeconds, metricsEndpoint, checked, acceptErrors, startAt);
    }

    /** The ramp-up begins as {@code at} says, not as soon as the run is set up. */
    public RunOptions startingAt(StartAt at) {
        return new RunOptions(intervalSeconds, metricsEndpoint, thresholds, acceptErrors, at);
    }
}
