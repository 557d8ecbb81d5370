package org.sdbench.load;

import java.util.List;

/** The NRIV intervals 'sdbench load' creates; the number-range buffers draw from them. */
public final class NumberRanges {
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
    public static final List<Interval> ALL = List.of(ORDERS, DELIVERIES, BILLING, MATERIAL_DOCUMENTS,
            CHANGE_DOCUMENTS, CONDITIONS, ACCOUNTING);

    private NumberRanges() {
    }
}
