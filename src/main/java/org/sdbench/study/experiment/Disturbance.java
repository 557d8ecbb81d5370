package org.sdbench.study.experiment;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sdbench.measure.environment.Calibration;
import org.sdbench.measure.environment.HostUsage;
import org.sdbench.report.RunReport;

/**
 * One reason a run's window was not the quiet host a sample assumes, with the value seen and the
 * threshold it crossed. A run with any reason is "disturbed": something besides the variant moved
 * its figures, so the experiment repeats its round (see {@link Repeats}).
 *
 * @param rule      {@link #CALIBRATION}, {@link #STEAL} or {@link #OTHER_LOAD}
 * @param value     what the run saw, in percent
 * @param threshold the limit it crossed, in percent
 * @param text      the reason in one line, value and threshold included
 */
public record Disturbance(String rule, double value, double threshold, String text) {
    /** The calibration measured for the run got less than this share of a core on one thread. */
    public static final String CALIBRATION = "calibration-other-load";
    /** CPU steal in the window above {@link #MAX_STEAL_PERCENT} of the host's capacity. */
    public static final String STEAL = "steal";
    /** Host busy minus what sdbench and the DB server used, above {@link #MAX_OTHER_LOAD_PERCENT}. */
    public static final String OTHER_LOAD = "other-load";

    /** The one-core share under which the calibration warns of other load (its own threshold). */
    public static final double MIN_CALIBRATION_SHARE_PERCENT = 90;
    /** Steal above this share of the host's capacity: a hypervisor gave the cores to other guests. */
    public static final double MAX_STEAL_PERCENT = 5;
    /** Busy time neither sdbench nor the DB server used, above this share of the host: other processes ran. */
    public static final double MAX_OTHER_LOAD_PERCENT = 10;
    /**
     * A calibration measured longer than this before the run's start says nothing about its window: a
     * stored one ('sdbench calibrate') is usually older; the quick one an experiment measures before its
     * warm-up covers its first runs.
     */
    static final Duration CALIBRATION_FRESH = Duration.ofMinutes(15);

    private static final Pattern SHARE = Pattern.compile("got only (\\d+(?:\\.\\d+)?) % of a core: other load");

    /** What disturbed a run: every reason, none for a quiet window. */
    public static List<Disturbance> of(RunReport report, Calibration calibration) {
        return of(report.startedAt(), report.host(), calibration);
    }

    /** What disturbed a run that started at {@code startedAt} (ISO-8601) with this window's host usage. */
    static List<Disturbance> of(String startedAt, HostUsage h, Calibration calibration) {
        List<Disturbance> out = new ArrayList<>();
        calibration(startedAt, calibration, out);
        if (h == null) {
            return List.copyOf(out);
        }
        if (h.stealPercent() != null && h.stealPercent() > MAX_STEAL_PERCENT) {
            out.add(new Disturbance(
                    STEAL,
                    h.stealPercent(),
                    MAX_STEAL_PERCENT,
                    String.format(
                            Locale.ROOT,
                            "CPU steal %.1f %% of the host in the window, above %.0f %%",
                            h.stealPercent(),
                            MAX_STEAL_PERCENT)));
        }
        Double db = h.dbServerCpuPercent() != null ? h.dbServerCpuPercent() : h.databaseBackendsCpuPercent();
        // Without the DB server's CPU (a remote database) the busy share cannot be split, so it is not judged.
        if (h.hostBusyPercent() != null && db != null) {
            double other = h.hostBusyPercent() - h.simulatorCpuPercent() - db;
            if (other > MAX_OTHER_LOAD_PERCENT) {
                out.add(new Disturbance(
                        OTHER_LOAD,
                        other,
                        MAX_OTHER_LOAD_PERCENT,
                        String.format(
                                Locale.ROOT,
                                "other load %.1f %% of the host (busy %.1f %% - sdbench %.1f %% - DB server %.1f %%),"
                                        + " above %.0f %%",
                                other,
                                h.hostBusyPercent(),
                                h.simulatorCpuPercent(),
                                db,
                                MAX_OTHER_LOAD_PERCENT)));
            }
        }
        return List.copyOf(out);
    }

    /**
     * What disturbed a duet's round: its two runs share the host and the window, so the other side's
     * simulator and server are part of the experiment, not other load. The host's busy share is the two
     * runs' mean, sdbench and the DB server are both sides' sum, steal is the larger; both sides get the
     * same reasons, since whatever disturbed one window disturbed the other.
     */
    static List<Disturbance> ofDuet(RunReport a, RunReport b) {
        return ofDuet(a.startedAt(), a.host(), b.host());
    }

    static List<Disturbance> ofDuet(String startedAt, HostUsage x, HostUsage y) {
        if (x == null || y == null) {
            return List.of();
        }
        Double busy = x.hostBusyPercent() == null || y.hostBusyPercent() == null
                ? null
                : (x.hostBusyPercent() + y.hostBusyPercent()) / 2;
        Double db = sum(server(x), server(y));
        Double steal = x.stealPercent() == null
                ? y.stealPercent()
                : y.stealPercent() == null ? x.stealPercent() : Math.max(x.stealPercent(), y.stealPercent());
        HostUsage both = new HostUsage(
                x.seconds(),
                x.logicalCpus(),
                busy,
                x.simulatorCpuPercent() + y.simulatorCpuPercent(),
                db,
                null,
                null,
                null,
                steal);
        return of(startedAt, both, null);
    }

    private static Double server(HostUsage h) {
        return h.dbServerCpuPercent() != null ? h.dbServerCpuPercent() : h.databaseBackendsCpuPercent();
    }

    private static Double sum(Double x, Double y) {
        return x == null || y == null ? null : x + y;
    }

    private static void calibration(String startedAt, Calibration c, List<Disturbance> out) {
        if (c == null || !fresh(c.measuredAt(), startedAt)) {
            return;
        }
        for (String w : c.warnings()) {
            Matcher m = SHARE.matcher(w);
            if (m.find()) {
                double share = Double.parseDouble(m.group(1));
                out.add(new Disturbance(
                        CALIBRATION,
                        share,
                        MIN_CALIBRATION_SHARE_PERCENT,
                        String.format(
                                Locale.ROOT,
                                "the calibration at %s got %.0f %% of a core on one thread, below %.0f %%: other"
                                        + " load on the host",
                                c.measuredAt(),
                                share,
                                MIN_CALIBRATION_SHARE_PERCENT)));
                return;
            }
        }
    }

    private static boolean fresh(String measuredAt, String startedAt) {
        Instant measured = instant(measuredAt);
        Instant started = instant(startedAt);
        return measured != null
                && started != null
                && !measured.isBefore(started.minus(CALIBRATION_FRESH))
                && !measured.isAfter(started.plus(CALIBRATION_FRESH));
    }

    private static Instant instant(String s) {
        if (s == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(s).toInstant();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(s);
            } catch (DateTimeParseException e2) {
                return null;
            }
        }
    }
}
