package org.sdbench.run;

import java.nio.file.Path;
import org.sdbench.config.DatabaseConfig;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.measure.environment.CalibrationProbe;
import org.sdbench.measure.environment.WorkFeasibility;
import org.sdbench.measure.metrics.MetricsSocket;
import org.sdbench.report.RunFolder;

/**
 * Every check of a run's arguments and settings that needs no database, made before the database
 * starts, data is loaded or users are added: a refused run changes nothing. Commands that run users
 * call it first; {@link RunEngine} calls it again for callers that did not.
 */
public final class RunPreflight {
    private RunPreflight() {}

    /** The settings alone: the layout this build can run, work units this host can carry. */
    public static void settings(SdbenchConfig c) {
        AppTiers.requireSupported(c);
        WorkFeasibility.require(c.workload(), CalibrationProbe.forRun(DatabaseConfig.stateHome()));
    }

    /** The settings, the results folder (writable, not created yet) and the metrics endpoint's port and token. */
    public static void check(SdbenchConfig c, RunOptions options) {
        settings(c);
        RunFolder.requireWritable("run.resultsDir", Path.of(c.run().resultsDir()));
        if (options.metricsEndpoint() != null) {
            MetricsSocket.check(options.metricsEndpoint());
        }
    }
}
