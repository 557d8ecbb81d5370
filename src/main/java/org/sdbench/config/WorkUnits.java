package org.sdbench.config;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Simulated ABAP work of one dialog step or update module: work units per kind. Units are work,
 * never time: a faster CPU finishes them sooner.
 */
public record WorkUnits(Map<WorkKind, Long> units) {
    /**
     * Upper bound for one step or module. Calibrated hosts do roughly 0.5-2 million units per
     * second per core, so this is at least half a minute of ABAP processing in a single dialog
     * step: beyond it the value is a typo, not a workload.
     */
    public static final long MAX_UNITS = 60_000_000L;

    public static final WorkUnits NONE = new WorkUnits(Map.of());

    public WorkUnits {
        EnumMap<WorkKind, Long> m = new EnumMap<>(WorkKind.class);
        if (units != null) {
            m.putAll(units);
        }
        units = Collections.unmodifiableMap(m);
    }

    /**
     * Validates a workload-file mapping such as {@code {itab: 9000, string: 3000}}.
     *
     * @param key the configuration key the mapping sits under, for error messages
     */
    public static WorkUnits parse(String key, Map<String, Long> raw) {
        if (raw == null || raw.isEmpty()) {
            return NONE;
        }
        EnumMap<WorkKind, Long> m = new EnumMap<>(WorkKind.class);
        long total = 0;
        for (var e : raw.entrySet()) {
            WorkKind kind = WorkKind.ofKey(e.getKey());
            ConfigException.require(
                    kind != null, key + "." + e.getKey(), e.getValue(), "work kinds are " + WorkKind.keys());
            Long n = e.getValue();
            ConfigException.require(
                    n != null && n >= 1 && n <= MAX_UNITS,
                    key + "." + e.getKey(),
                    n,
                    "work units from 1 to " + MAX_UNITS + " (leave the kind out for none)");
            total += n;
            m.put(kind, n);
        }
        ConfigException.require(
                total <= MAX_UNITS,
                key,
                total + " units in total",
                "at most " + MAX_UNITS + " units per step or module (about a minute of CPU on a calibrated host)");
        return new WorkUnits(m);
    }

    public long total() {
        return units.values().stream().mapToLong(Long::longValue).sum();
    }

    public long of(WorkKind kind) {
        return units.getOrDefault(kind, 0L);
    }

    public boolean isEmpty() {
        return units.isEmpty();
    }
}
