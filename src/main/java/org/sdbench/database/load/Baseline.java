package org.sdbench.database.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The document numbers the loaded order history uses, per number-range interval: one segment
 * per load or extension (table sdbench_baseline). Every document outside these segments was
 * written by a run, which is what a sweep's reset removes.
 */
public final class Baseline {
    /** Numbers {@code from..to} of an interval belong to the loaded history. */
    public record Segment(String object, String range, long from, long to) {}

    private Baseline() {}

    /** Records the numbers of {@code h}: one segment per interval it uses. */
    static void add(Connection c, OrderHistory h) throws SQLException {
        try (var ps = c.prepareStatement(
                "INSERT INTO sdbench_baseline (object, nrrangenr, fromnumber, tonumber) VALUES (?, ?, ?, ?)")) {
            for (NrivIntervals.Interval i : NrivIntervals.ALL) {
                if (h.level(i) > h.base(i)) {
                    ps.setString(1, i.object());
                    ps.setString(2, i.range());
                    ps.setLong(3, h.base(i) + 1);
                    ps.setLong(4, h.level(i));
                    ps.addBatch();
                }
            }
            ps.executeBatch();
        }
    }

    /** The segments of one interval, lowest first. */
    public static List<Segment> read(Connection c, NrivIntervals.Interval i) throws SQLException {
        List<Segment> out = new ArrayList<>();
        try (var ps = c.prepareStatement("SELECT fromnumber, tonumber FROM sdbench_baseline WHERE object = ? AND "
                + "nrrangenr = ? ORDER BY fromnumber")) {
            ps.setString(1, i.object());
            ps.setString(2, i.range());
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Segment(i.object(), i.range(), rs.getLong(1), rs.getLong(2)));
                }
            }
        }
        return out;
    }

    /**
     * The number spans of an interval outside the history, as {from, to} pairs: where a run's
     * documents are. The last span ends at the interval's end.
     */
    public static List<long[]> runSpans(List<Segment> history, NrivIntervals.Interval i) {
        List<long[]> out = new ArrayList<>();
        long next = i.from();
        for (Segment s : history) {
            if (s.from() > next) {
                out.add(new long[] {next, s.from() - 1});
            }
            next = Math.max(next, s.to() + 1);
        }
        if (next <= i.to()) {
            out.add(new long[] {next, i.to()});
        }
        return out;
    }
}
