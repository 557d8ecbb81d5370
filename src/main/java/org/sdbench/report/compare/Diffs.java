package org.sdbench.report.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import org.sdbench.measure.environment.Environment;
import org.sdbench.measure.environment.KernelMitigations;
import org.sdbench.report.RunFolder;

/** The keys whose values differ between runs: configuration, DB settings, environment. */
final class Diffs {
    private Diffs() {}

    /** Every key present in some map whose values are not all equal. */
    static List<CompareResult.Diff> of(List<Map<String, String>> maps, String absent) {
        TreeSet<String> keys = new TreeSet<>();
        maps.forEach(m -> keys.addAll(m.keySet()));
        List<CompareResult.Diff> out = new ArrayList<>();
        for (String k : keys) {
            List<String> values =
                    maps.stream().map(m -> m.getOrDefault(k, absent)).toList();
            if (values.stream().distinct().count() > 1) {
                out.add(new CompareResult.Diff(k, values));
            }
        }
        return out;
    }

    /**
     * pg_settings from environment.json. A setting only one run lists was at its default in the
     * others; the default comes from the run that lists it.
     */
    static List<CompareResult.Diff> settings(List<RunFolder.Loaded> runs) {
        TreeSet<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        runs.forEach(r -> names.addAll(settingsOf(r).keySet()));
        List<CompareResult.Diff> out = new ArrayList<>();
        for (String n : names) {
            String dflt = runs.stream()
                    .map(r -> settingsOf(r).get(n))
                    .filter(Objects::nonNull)
                    .map(Environment.Setting::defaultValue)
                    .filter(Objects::nonNull)
                    .findFirst()
                    .orElse("?");
            List<String> shown = new ArrayList<>();
            List<String> compared = new ArrayList<>();
            for (RunFolder.Loaded r : runs) {
                if (r.environment() == null) {
                    shown.add("(no environment.json)");
                    compared.add("?");
                    continue;
                }
                Environment.Setting s = settingsOf(r).get(n);
                shown.add(s == null ? dflt + " (default)" : s.display() + " (" + s.source() + ")");
                compared.add(s == null ? dflt : s.value());
            }
            if (compared.stream().distinct().count() > 1) {
                out.add(new CompareResult.Diff(n, shown));
            }
        }
        return out;
    }

    private static Map<String, Environment.Setting> settingsOf(RunFolder.Loaded r) {
        if (r.environment() == null
                || r.environment().database() == null
                || r.environment().database().settings() == null) {
            return Map.of();
        }
        Map<String, Environment.Setting> m = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        m.putAll(r.environment().database().settings());
        return m;
    }

    /** Host, JVM and DB facts that matter for timing (CPU, power mode, versions). */
    static List<CompareResult.Diff> environment(List<RunFolder.Loaded> runs) {
        List<Map<String, String>> maps = new ArrayList<>();
        for (RunFolder.Loaded r : runs) {
            Map<String, String> m = new LinkedHashMap<>();
            Environment e = r.environment();
            if (e != null) {
                var h = e.host();
                m.put("host", h.hostname());
                m.put("cpu", h.cpuModel() + " x" + h.logicalCpus());
                m.put(
                        "cpu signature",
                        h.cpu() == null ? "not recorded" : h.cpu().signature());
                m.put("kernel", h.kernel());
                m.put(
                        "kernel mitigations",
                        h.mitigations().isEmpty() ? "none recorded" : KernelMitigations.onKernelEntry(h.mitigations()));
                m.put("governor", String.valueOf(h.governor()));
                m.put("energy preference", String.valueOf(h.energyPerformancePreference()));
                m.put(
                        "cpu MHz",
                        h.currentFrequencyMhz() == null
                                ? "null"
                                : String.format(Locale.ROOT, "%.0f", h.currentFrequencyMhz()));
                m.put("jvm", e.jvm().version());
                m.put("sdbench", e.sdbenchVersion());
                m.put("database", String.valueOf(e.database().serverVersion()));
                var split = e.cpuSplit();
                m.put(
                        "cpu split",
                        split == null || !split.applied()
                                ? "none"
                                : "database " + split.databaseCpus() + ", simulator " + split.simulatorCpus());
            }
            maps.add(m);
        }
        List<CompareResult.Diff> d = of(maps, "(unknown)");
        // The current CPU frequency wobbles from sample to sample on most hosts; only a big move is news.
        return d.stream()
                .filter(x -> !"cpu MHz".equals(x.key()) || spread(x.values()) > 0.05)
                .toList();
    }

    private static double spread(List<String> values) {
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (String v : values) {
            try {
                double f = Double.parseDouble(v);
                lo = Math.min(lo, f);
                hi = Math.max(hi, f);
            } catch (NumberFormatException e) {
                return 1;
            }
        }
        return lo <= 0 ? 1 : (hi - lo) / lo;
    }
}
