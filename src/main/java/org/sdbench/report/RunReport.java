package org.sdbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.sdbench.config.SdbenchConfig;
import org.sdbench.measure.dbstats.DbWindow;
import org.sdbench.measure.environment.HostUsage;
import org.sdbench.measure.metrics.Latency;
import org.sdbench.measure.metrics.Summary;
import org.sdbench.measure.metrics.Throughput;
import org.sdbench.network.RoundTrip;

/**
 * Everything a run reports, as written to result.json (schema version {@link #SCHEMA_VERSION},
 * documented in {@code org/sdbench/report/result.schema.json}). Human output (terminal summary,
 * report.html, compare) is rendered from this; nothing is computed twice.
 *
 * @param dbWindow DB-side figures of the measurement window; null when not measured (DB2, or
 *     the statistics could not be read: see warnings)
 * @param host CPU use during the window; null when the window never started
 * @param certificate the certificate-style block with the run rules' verdict; null until judged
 * @param tableBuffer the table buffers' window hit ratio, displacements and invalidations; null
 *     when not measured
 * @param work simulated ABAP work and the app/DB CPU split; null in folders written before it existed
 * @param network the emulated network hops and the measured DB round trip; null in folders written before it
 */
public record RunReport(
        int schemaVersion,
        String note,
        String sdbenchVersion,
        String name,
        String startedAt,
        String database,
        int users,
        double thinkTimeSeconds,
        Timeline timeline,
        Summary summary,
        Throughputs throughput,
        LittleLaw littleLaw,
        AppTier appTier,
        Reliability reliability,
        DbWindow dbWindow,
        HostUsage host,
        List<ThresholdResult> thresholds,
        List<String> warnings,
        Certificate certificate,
        TableBufferFigures tableBuffer,
        WorkSummary work,
        Network network,
        ThreeTier threeTier) {

    public RunReport {
        thresholds = thresholds == null ? List.of() : List.copyOf(thresholds);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    public static final int SCHEMA_VERSION = 1;
    public static final String NOTE =
            "SAPS-like figures from sdbench, a simulator in the style of the SAP SD benchmark; "
                    + "not SAP software and not a certified SAP benchmark result.";

    /**
     * @param sapsLikeAtCalibrationSpeed SAPS-like at the speed the workload's units were calibrated at
     *     ({@link WorkSummary#sapsLikeAtCalibrationSpeed}, with its limits: saturated runs only); null
     *     when the workload states no calibration speed or the run measured no work CPU, and in folders
     *     written before it existed
     */
    public record Throughputs(
            double dialogStepsPerHour,
            double lineItemsPerHour,
            double sapsLike,
            double sapsLikeFromDialogSteps,
            double ordersPerHour,
            double deliveriesPerHour,
            double invoicesPerHour,
            Double sapsLikeAtCalibrationSpeed) {
        /** These throughputs with SAPS-like at the workload's calibration speed. */
        Throughputs atCalibrationSpeed(Double atCalibration) {
            return new Throughputs(
                    dialogStepsPerHour,
                    lineItemsPerHour,
                    sapsLike,
                    sapsLikeFromDialogSteps,
                    ordersPerHour,
                    deliveriesPerHour,
                    invoicesPerHour,
                    atCalibration);
        }
    }

    /** Closed-loop check: users*3600/(Z+R) against the measured dialog steps per hour. */
    public record LittleLaw(double expectedDialogStepsPerHour, double measuredDialogStepsPerHour, double deviation) {
        /** Beyond this the report warns that the throughput is not to be trusted, and the run fails its check. */
        public static final double TOLERANCE = 0.05;

        /** True when the window had steps and its throughput departs from the law beyond {@link #TOLERANCE}. */
        public boolean departs(Summary s) {
            return s.overall().count() > 0 && Math.abs(deviation) > TOLERANCE;
        }
    }

    /** The run's configured phases; only the window counts. */
    public record Timeline(double rampUpSeconds, double windowSeconds, double rampDownSeconds, int intervalSeconds) {}

    /**
     * @param rollAreaPeak most user contexts each instance's roll area held at once, summed over instances
     * @param dbRoundTrips round trips to the database of every instance's sessions, whole run
     * @param updateDbCalls SQL statements of the update task's committed parts, whole run, COMMITs included
     */
    public record AppTier(
            int instances,
            int dialogWorkProcesses,
            int updateWorkProcesses,
            NumberRangeSummary numberRanges,
            long enqueueRequests,
            long enqueueConflicts,
            double enqueueAvgMicros,
            double tableBufferHitRatio,
            long tableBufferHits,
            long tableBufferMisses,
            long rollAreaPeak,
            long dbRoundTrips,
            long updateDbCalls) {}

    /**
     * Number-range buffers: the configured size per object (0 = unbuffered, drawn inside the
     * business transaction) and what the instances did with them over the whole run (the
     * instances count per instance, not per object, and from start to stop, ramps included).
     *
     * @param unusedNumbers fetched into buffers but never handed out: gaps after the stop
     */
    public record NumberRangeSummary(
            Map<String, Integer> bufferSizes,
            List<NumberRangeInstance> instances,
            long intervalFetches,
            long numbersIssued,
            double waitMsTotal,
            double waitMsPerNumber,
            long unusedNumbers) {}

    public record NumberRangeInstance(
            int instance, long intervalFetches, long numbersIssued, double waitMsTotal, long unusedNumbers) {}

    public record Reliability(
            long connectionsReplaced,
            long retriedTransactions,
            int recoveredUpdateRequests,
            boolean updateTaskDrained,
            long pendingUpdateRequestsAtEnd,
            long failedUpdateRequestsAtEnd,
            boolean stoppedEarly,
            long failedConnectionAttempts,
            long workProcessesReplaced) {
        /** ", N failed connection attempts, M dead work processes replaced", each only when non-zero. */
        public String faultCounts() {
            String s = "";
            if (failedConnectionAttempts > 0) {
                s += ", " + failedConnectionAttempts + " failed connection attempts";
            }
            if (workProcessesReplaced > 0) {
                s += ", " + workProcessesReplaced + " dead work processes replaced";
            }
            return s;
        }
    }

    static Throughputs throughputs(Summary s) {
        return new Throughputs(
                s.dialogStepsPerHour(),
                s.lineItemsPerHour(),
                s.sapsLike(),
                s.sapsLikeFromDialogSteps(),
                s.ordersPerHour(),
                s.deliveriesPerHour(),
                s.invoicesPerHour(),
                null);
    }

    public static RunReport of(
            SdbenchConfig c,
            String version,
            String startedAt,
            String database,
            Summary s,
            AppTier app,
            Reliability rel,
            Timeline timeline,
            DbWindow dbWindow,
            HostUsage host,
            List<String> notes) {
        double z = c.workload().thinkTime().toNanos() / 1e9;
        double r = s.overall().response().avgMs() / 1000.0;
        double expected = Throughput.expectedDialogStepsPerHour(c.run().users(), z, r);
        double measured = s.dialogStepsPerHour();
        var law = new LittleLaw(expected, measured, Throughput.littleLawDeviation(measured, expected));
        List<String> w = RunWarnings.of(s, law, rel);
        w.addAll(notes);
        return new RunReport(
                SCHEMA_VERSION,
                NOTE,
                version,
                c.name(),
                startedAt,
                database,
                c.run().users(),
                z,
                timeline,
                s,
                throughputs(s),
                law,
                app,
                rel,
                dbWindow == null ? null : dbWindow.withDialogSteps(s.overall().count()),
                host,
                List.of(),
                w,
                null,
                null,
                null,
                null,
                null);
    }

    /** The same report with its work section, and SAPS-like at the calibration speed that it gives. */
    public RunReport withWork(WorkSummary work) {
        Double atCalibration = work == null ? null : work.sapsLikeAtCalibrationSpeed(throughput.sapsLike());
        RunReportEdit e = new RunReportEdit(this);
        e.throughput = throughput.atCalibrationSpeed(atCalibration);
        e.work = work;
        return e.report();
    }

    /** A report holding only DB statistics: what a statement figure's own definition reads. */
    public static RunReport ofDbWindow(DbWindow db) {
        RunReportEdit e = new RunReportEdit();
        e.schemaVersion = SCHEMA_VERSION;
        e.dbWindow = db;
        return e.report();
    }

    /** The same report with its thresholds evaluated. */
    public RunReport withThresholds(List<ThresholdResult> results) {
        RunReportEdit e = new RunReportEdit(this);
        e.thresholds = results;
        return e.report();
    }

    /** The same report ending with its certificate block (the run rules' verdict). */
    public RunReport withCertificate(Certificate c) {
        RunReportEdit e = new RunReportEdit(this);
        e.certificate = c;
        return e.report();
    }

    /** The same report with the table buffers' figures. */
    public RunReport withTableBuffer(TableBufferFigures b) {
        RunReportEdit e = new RunReportEdit(this);
        e.tableBuffer = b;
        return e.report();
    }

    /** The same report with its network section. */
    public RunReport withNetwork(Network n) {
        RunReportEdit e = new RunReportEdit(this);
        e.network = n;
        return e.report();
    }

    /** The same report with the figures of a three-tier run (or the same ones), and more warnings. */
    public RunReport withThreeTier(ThreeTier t, List<String> moreWarnings) {
        RunReportEdit e = new RunReportEdit(this);
        e.warnings = new ArrayList<>(warnings);
        e.warnings.addAll(moreWarnings);
        e.threeTier = t;
        return e.report();
    }

    /**
     * The network a run went over: the hops a relay emulated (empty: none) and the DB round trip
     * measured before the run (through the relay when the app-to-DB hop is emulated).
     */
    public record Network(List<EmulatedHop> emulated, RoundTrip dbRoundTrip) {
        public Network {
            emulated = emulated == null ? List.of() : List.copyOf(emulated);
        }
    }

    /**
     * One emulated hop: request (towards the server) and reply shaping, and what a lost segment costs.
     *
     * @param relay the loopback address of the relay the hop went through
     */
    public record EmulatedHop(
            String hop,
            String target,
            String relay,
            double delayMs,
            double jitterMs,
            double loss,
            double replyDelayMs,
            double replyJitterMs,
            double replyLoss,
            double retransmitTimeoutMs,
            long emulatedLosses) {}

    /**
     * What a three-tier run adds: response time at the app servers (SAP's criterion) beside the
     * driver's, the difference being presentation and network time; CPU per tier over the window;
     * which process ran where; app-server losses and the users' new logons.
     */
    public record ThreeTier(
            Latency appServerResponse,
            double driverResponseAvgMs,
            double presentationNetworkAvgMs,
            List<Process> processes,
            CpuPerTier cpu,
            List<Integer> lostInstances,
            long relogons,
            List<InstanceSteps> instances) {}

    /** One app-server instance's successful steps in the window, beside the others (same run, same moment). */
    public record InstanceSteps(
            int number, long steps, double dbMsPerStep, double dbCallsPerStep, double appServerResponseAvgMs) {}

    /** One process of the run: role (driver, central, appserver-N), host, pid, version, CPU in the window. */
    public record Process(String role, String host, long pid, String version, Double cpuPercentOfHost) {}

    /** CPU per tier in percent of the host's capacity over the window; null where not measured. */
    public record CpuPerTier(Double driver, Double appServers, Double central, Double db) {}
}
