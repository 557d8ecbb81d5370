package org.sdbench.report;

import java.io.PrintWriter;
import java.util.Locale;
import org.sdbench.measure.dbstats.DbWindow;
import org.sdbench.measure.environment.DbSpeed;

/** The DB-side and host-CPU lines of the terminal summary. */
public final class DbLines {
    /** Statements shown on the terminal; report.html lists more. */
    private static final int TOP = 5;

    private DbLines() {}

    /** The speed probe's line: per CPU second (what normalises), per wall second, and what it cost. */
    static String speed(DbSpeed d) {
        String cpu = d.rowsPerCpuSecond() == null
                ? "n/a per CPU second"
                : String.format(
                        Locale.ROOT,
                        "%.1f M rows per CPU second (reference %.1f M)",
                        d.rowsPerCpuSecond() / 1e6,
                        d.referenceRowsPerCpuSecond() / 1e6);
        String wall = d.rowsPerWallSecond() == null
                ? ""
                : String.format(Locale.ROOT, ", %.1f M per wall second", d.rowsPerWallSecond() / 1e6);
        String cost = d.probeCpuMs() == null
                ? ""
                : String.format(Locale.ROOT, ", %.0f ms of DB CPU, left out of the DB figures", d.probeCpuMs());
        return String.format(
                Locale.ROOT,
                "db speed      %s%s; %d probes of %,d rows%s%s",
                cpu,
                wall,
                d.probes(),
                d.rowsPerProbe(),
                cost,
                d.note() == null ? "" : "; " + d.note());
    }

    static void print(RunReport r, PrintWriter out) {
        var h = r.host();
        if (h != null) {
            out.printf(
                    Locale.ROOT,
                    "host CPU      %s of %d CPUs; simulator %.1f %%; DB server %s%n",
                    h.hostBusyPercent() == null
                            ? "busy n/a"
                            : String.format(Locale.ROOT, "busy %.1f %%", h.hostBusyPercent()),
                    h.logicalCpus(),
                    h.simulatorCpuPercent(),
                    h.dbServerCpuPercent() == null
                            ? "n/a (" + h.note() + ")"
                            : String.format(Locale.ROOT, "%.1f %%", h.dbServerCpuPercent()));
            if (h.dbSpeed() != null) {
                out.println(speed(h.dbSpeed()));
            }
        }
        DbWindow d = r.dbWindow();
        if (d == null) {
            return;
        }
        long steps = r.summary().overall().count();
        out.printf(
                Locale.ROOT,
                "database      %,d commits (%.1f/s), %,d rollbacks, buffer cache hit %.2f %%, %,d blocks read%s, "
                        + "WAL %,.1f MB (%,.0f bytes per dialog step; WAL is cluster-wide: other databases' writes count too)%n",
                d.commits(),
                d.commitsPerSecond(),
                d.rollbacks(),
                d.bufferCacheHitRatio() * 100,
                d.blocksRead(),
                readTime(d),
                d.walBytes() / 1048576.0,
                steps == 0 ? 0.0 : (double) d.walBytes() / steps);
        out.printf(
                Locale.ROOT,
                "db size       %,.1f MB at the window's end, %+,.1f MB during the window%n",
                d.dbSizeBytes() / 1048576.0,
                d.dbGrowthBytes() / 1048576.0);
        var st = d.statements();
        if (!st.available()) {
            out.println("statements    " + st.status());
            return;
        }
        var c = st.clientVsDb();
        if (c != null) {
            out.printf(
                    Locale.ROOT,
                    "statements    DB-side %.3f ms per call vs client-observed %.3f ms per round trip: "
                            + "gap %.3f ms = network + driver%n",
                    c.dbMsPerCall(),
                    c.clientMsPerRoundTrip(),
                    c.gapMs());
        }
        st.top().stream()
                .limit(TOP)
                .forEach(s -> out.printf(
                        Locale.ROOT,
                        "  %5.1f %%  %,9d calls  mean %8.3f ms  %s%n",
                        s.percentOfTotal(),
                        s.calls(),
                        s.meanMs(),
                        s.query().length() > 90 ? s.query().substring(0, 89) + "…" : s.query()));
    }

    /** " (12.3 us each)" when the server timed its reads (track_io_timing), else nothing. */
    public static String readTime(DbWindow d) {
        return d.blockReadTimeMs() == null || d.blocksRead() == 0
                ? ""
                : String.format(Locale.ROOT, " (%.1f us each)", d.blockReadTimeMs() * 1000 / d.blocksRead());
    }
}
