package org.sdbench.report;

import java.util.List;
import org.sdbench.measure.dbstats.DbWindow;
import org.sdbench.measure.environment.HostUsage;
import org.sdbench.measure.metrics.Summary;
import org.sdbench.report.RunReport.AppTier;
import org.sdbench.report.RunReport.LittleLaw;
import org.sdbench.report.RunReport.Network;
import org.sdbench.report.RunReport.Reliability;
import org.sdbench.report.RunReport.ThreeTier;
import org.sdbench.report.RunReport.Throughputs;
import org.sdbench.report.RunReport.Timeline;

/** A copy of a report to change a few parts of: the one place that lists every part for {@link RunReport}'s with-methods. */
final class RunReportEdit {
    int schemaVersion;
    String note;
    String sdbenchVersion;
    String name;
    String startedAt;
    String database;
    int users;
    double thinkTimeSeconds;
    Timeline timeline;
    Summary summary;
    Throughputs throughput;
    LittleLaw littleLaw;
    AppTier appTier;
    Reliability reliability;
    DbWindow dbWindow;
    HostUsage host;
    List<ThresholdResult> thresholds;
    List<String> warnings;
    Certificate certificate;
    TableBufferFigures tableBuffer;
    WorkSummary work;
    Network network;
    ThreeTier threeTier;

    /** Every part empty (null, or 0): a report to fill a few parts of. */
    RunReportEdit() {}

    RunReportEdit(RunReport r) {
        this.schemaVersion = r.schemaVersion();
        this.note = r.note();
        this.sdbenchVersion = r.sdbenchVersion();
        this.name = r.name();
        this.startedAt = r.startedAt();
        this.database = r.database();
        this.users = r.users();
        this.thinkTimeSeconds = r.thinkTimeSeconds();
        this.timeline = r.timeline();
        this.summary = r.summary();
        this.throughput = r.throughput();
        this.littleLaw = r.littleLaw();
        this.appTier = r.appTier();
        this.reliability = r.reliability();
        this.dbWindow = r.dbWindow();
        this.host = r.host();
        this.thresholds = r.thresholds();
        this.warnings = r.warnings();
        this.certificate = r.certificate();
        this.tableBuffer = r.tableBuffer();
        this.work = r.work();
        this.network = r.network();
        this.threeTier = r.threeTier();
    }

    RunReport report() {
        return new RunReport(
                schemaVersion,
                note,
                sdbenchVersion,
                name,
                startedAt,
                database,
                users,
                thinkTimeSeconds,
                timeline,
                summary,
                throughput,
                littleLaw,
                appTier,
                reliability,
                dbWindow,
                host,
                thresholds,
                warnings,
                certificate,
                tableBuffer,
                work,
                network,
                threeTier);
    }
}
