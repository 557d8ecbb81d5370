package org.sdbench.config;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The kinds of simulated ABAP processing a workload file can ask for, each counted in work units
 * (see {@code org.sdbench.work.WorkEngine} for what one unit of each kind does).
 */
public enum WorkKind {
    /** Internal tables: hashed-key reads and inserts, binary search in a sorted table. */
    ITAB,
    /** SORT of a small internal table. */
    SORT,
    /** String building and parsing (screen fields, IDoc-like lines, messages). */
    STRING,
    /** Packed-decimal arithmetic (pricing, taxes, totals). */
    DECIMAL;

    /** The key in workload files. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static List<String> keys() {
        return Arrays.stream(values()).map(WorkKind::key).toList();
    }

    /** The kind named by a workload-file key, or null when there is none. */
    public static WorkKind ofKey(String key) {
        return Arrays.stream(values())
                .filter(k -> k.key().equals(key))
                .findFirst()
                .orElse(null);
    }
}
