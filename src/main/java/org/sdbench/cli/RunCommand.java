package org.sdbench.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sdbench.apptier.process.Addresses;
import org.sdbench.apptier.process.ConfigOptions;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.measure.metrics.PrometheusEndpoint;
import org.sdbench.report.threshold.Threshold;
import org.sdbench.report.threshold.Thresholds;
import org.sdbench.run.RunOptions;
import org.sdbench.run.SingleRun;
import org.sdbench.run.StartAt;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description =
                "Run the SD loop: virtual users through the simulated app-server tier against the database, then print the summary and write the run folder: result.json, intervals.csv, config.yaml, environment.json and report.html. Loads the master data first when the database has none. Exit code 1 when a --threshold failed, the window had failed steps or its throughput departs from Little's law beyond the report's warning (unless --accept-errors); 3 when the database or the app tier failed or stalled (the folder is still written).")
final class RunCommand implements Callable<Integer> {
    @Mixin
    ConfigOptions options;

    @Mixin
    PhaseOptions phases;

    @Option(names = "--no-load", description = "Fail instead of loading master data when it is missing.")
    boolean noLoad;

    @Option(
            names = {"-v", "--verbose"},
            description = "When the run loads its data first: one line per loaded table too.")
    boolean verbose;

    @Option(
            names = "--accept-errors",
            description =
                    "Failed dialog steps in the window, and a throughput that departs from Little's law beyond the report's warning, do not fail the run (exit 1 otherwise): for experiments that expect errors, such as fault tests.")
    boolean acceptErrors;

    @Option(
            names = "--threshold",
            paramLabel = "EXPR",
            description =
                    "Pass/fail criterion on the window, repeatable: dialog.avg<1s, dialog.p95<2s, errors<0.1%%, sapsLike>500, VA01/save.p95<500ms, dialog.db<400ms, update.avg<1s. A failed one: exit code 1.")
    List<String> thresholds = new ArrayList<>();

    @Option(
            names = "--metrics-port",
            paramLabel = "PORT",
            converter = Addresses.ListenPort.class,
            description = "Serve Prometheus metrics at http://HOST:PORT/metrics during the run (0 = any free port).")
    Integer metricsPort;

    @Option(
            names = "--rules",
            paramLabel = "RULES",
            description = "Judge the run by the SD benchmark's rules (run.rules): sd, sd-pre2009 or none.")
    String rules;

    @Option(
            names = "--metrics-bind",
            paramLabel = "ADDRESS",
            defaultValue = "127.0.0.1",
            converter = Addresses.ListenHost.class,
            description = "Address the metrics endpoint listens on (default: ${DEFAULT-VALUE}, this machine only). "
                    + "Any other address requires --metrics-token-file.")
    String metricsBind;

    @Option(
            names = "--metrics-token-file",
            paramLabel = "FILE",
            description = "File (readable by its owner only) holding a bearer token that scrapes must send "
                    + "(Prometheus: authorization.credentials_file).")
    Path metricsTokenFile;

    @Option(
            names = "--start-at",
            paramLabel = "INSTANT",
            description = "Begin the ramp-up at this instant, once the run is set up (ISO-8601, e.g."
                    + " 2026-12-01T10:00:00Z, or milliseconds since the epoch; at most 10 minutes ahead): runs started"
                    + " side by side then measure the same intervals. A run set up later starts at once and says so."
                    + " 'stdin': once set up, say so and read the instant from standard input.")
    String startAt;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        List<String> extra = phases.overrides();
        if (rules != null) {
            extra.add("run.rules=" + rules);
        }
        var metrics =
                metricsPort == null ? null : new PrometheusEndpoint.Binding(metricsBind, metricsPort, metricsTokenFile);
        List<Threshold> parsed = Thresholds.parse(thresholds);
        SdbenchConfig c = options.load(extra);
        RunOptions run = RunOptions.of(phases.intervalSeconds)
                .withMetricsEndpoint(metrics)
                .withThresholds(parsed)
                .acceptingErrors(acceptErrors)
                .startingAt(startAt == null ? null : StartAt.parse("--start-at", startAt, Instant.now(), System.in));
        return SingleRun.execute(c, run, spec.commandLine().getOut(), !noLoad, verbose);
    }
}
