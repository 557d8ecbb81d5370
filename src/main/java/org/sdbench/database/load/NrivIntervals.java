package org.sdbench.database.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sdbench.core.MasterKeys;

/** The NRIV intervals 'sdbench load' creates; the number-range buffers draw from them. */
public final class NrivIntervals {
    /** One NRIV row: numbers {@code from..to}; a fresh interval has {@code nrlevel = from - 1}. */
    public record Interval(String object, String range, long from, long to) {
        public long initialLevel() {
            return from - 1;
        }

        public String label() {
            return "(" + object + ", '" + range + "')";
        }
    }

    public static final Interval ORDERS = new Interval("RV_BELEG", "01", 1L, 79_999_999L);
    public static final Interval DELIVERIES = new Interval("RV_BELEG", "17", 80_000_000L, 89_999_999L);
    public static final Interval BILLING = new Interval("RV_BELEG", "19", 90_000_000L, 99_999_999L);
    public static final Interval MATERIAL_DOCUMENTS = new Interval("MATBELEG", "02", 4_900_000_000L, 4_999_999_999L);
    public static final Interval CHANGE_DOCUMENTS = new Interval("AENDBELEG", "01", 1L, 9_999_999_999L);
    public static final Interval CONDITIONS = new Interval("KONV", "01", 1L, 9_999_999_999L);
    public static final Interval ACCOUNTING = new Interval("RF_BELEG", "01", 100_000_000L, 1_999_999_999L);

    /** All intervals, in the order they are loaded. */
    public static final List<Interval> ALL =
            List.of(ORDERS, DELIVERIES, BILLING, MATERIAL_DOCUMENTS, CHANGE_DOCUMENTS, CONDITIONS, ACCOUNTING);

    /** The client's intervals without sub-object, not year-dependent: NRIV's whole key, as the number-range buffers read it. */
    private static final String KEY = "mandt = '" + MasterKeys.MANDT
            + "' AND object = ? AND subobject = ' ' AND nrrangenr = ?" + " AND toyear = '0000'";

    private static final String SELECT_LEVEL = "SELECT nrlevel FROM nriv WHERE " + KEY;
    private static final String UPDATE_LEVEL = "UPDATE nriv SET nrlevel = ? WHERE " + KEY + " AND nrlevel = ?";

    private NrivIntervals() {}

    /** Each interval's current level (its last number handed out) in NRIV. */
    static Map<Interval, Long> levels(Connection c) throws SQLException {
        Map<Interval, Long> out = new HashMap<>();
        try (var ps = c.prepareStatement(SELECT_LEVEL)) {
            for (Interval i : ALL) {
                ps.setString(1, i.object());
                ps.setString(2, i.range());
                try (var rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("number range interval " + i.label() + " is missing in NRIV");
                    }
                    out.put(i, rs.getLong(1));
                }
            }
        }
        return out;
    }

    /**
     * Moves every interval to the level after {@code h}, so runs continue above the history;
     * fails when a number was taken since the history's bases were read (the history would repeat it).
     */
    static void advance(Connection c, OrderHistory h) throws SQLException {
        try (var ps = c.prepareStatement(UPDATE_LEVEL)) {
            for (Interval i : ALL) {
                ps.setLong(1, h.level(i));
                ps.setString(2, i.object());
                ps.setString(3, i.range());
                ps.setLong(4, h.base(i));
                if (ps.executeUpdate() != 1) {
                    throw new SQLException("number range interval " + i.label() + " moved past " + h.base(i)
                            + " while the order history was loaded: is a run using this data set?");
                }
            }
        }
    }
}
