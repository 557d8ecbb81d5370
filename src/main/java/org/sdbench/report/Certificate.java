package org.sdbench.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.sdbench.measure.environment.Environment;
import org.sdbench.protocol.Role;

/**
 * The certificate-style block that ends a run's summary and report: the figures an SD benchmark
 * certificate shows, and the verdict of the run rules with each rule's figure.
 *
 * @param sapsLike SAPS-like when the rules found the run valid, or did not judge it; null when a
 *     rule failed (an invalid run has no SAPS-like figure to quote)
 * @param cpuPercentByTier CPU busy during the window, percent of the host's capacity, per tier
 *     that was measured (absent tiers are left out)
 * @param dialogDbMsPerStep DB request time per dialog step (the certificate's "D:")
 * @param updateDbMsPerUpdate DB request time per update request, V1 and V2 (the certificate's "U:")
 * @param hardware the host as environment.json recorded it; null when it was not captured
 */
public record Certificate(
        int users,
        double avgResponseMs,
        double dialogStepsPerHour,
        double lineItemsPerHour,
        Double sapsLike,
        Map<String, Double> cpuPercentByTier,
        double dialogDbMsPerStep,
        double updateDbMsPerUpdate,
        String hardware,
        Verdict verdict,
        Long dbSizeBytes) {

    public Certificate {
        cpuPercentByTier = cpuPercentByTier == null
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(cpuPercentByTier));
    }

    public static Certificate of(RunReport r, Verdict v, Environment env) {
        var s = r.summary();
        Map<String, Double> cpu = new LinkedHashMap<>();
        if (r.threeTier() != null && r.threeTier().cpu() != null) {
            // Three-tier: this process is only the driver; each tier was measured in its own processes.
            var t = r.threeTier().cpu();
            if (r.host() != null && r.host().hostBusyPercent() != null) {
                cpu.put("host", r.host().hostBusyPercent());
            }
            putIfKnown(cpu, Role.DRIVER, t.driver());
            putIfKnown(cpu, "app servers", t.appServers());
            putIfKnown(cpu, "central services", t.central());
            putIfKnown(cpu, "database", t.db());
        } else if (r.host() != null) {
            if (r.host().hostBusyPercent() != null) {
                cpu.put("host", r.host().hostBusyPercent());
            }
            cpu.put("sdbench (driver and app tier)", r.host().simulatorCpuPercent());
            if (r.host().dbServerCpuPercent() != null) {
                cpu.put("database", r.host().dbServerCpuPercent());
            }
        }
        var u = s.update();
        return new Certificate(
                r.users(),
                s.overall().response().avgMs(),
                r.throughput().dialogStepsPerHour(),
                r.throughput().lineItemsPerHour(),
                Verdict.INVALID.equals(v.status()) ? null : r.throughput().sapsLike(),
                cpu,
                s.overall().avg().dbMs(),
                u.avgV1DbMs() + u.avgV2DbMs(),
                hardware(env),
                v,
                r.dbWindow() == null || r.dbWindow().dbSizeBytes() <= 0
                        ? null
                        : r.dbWindow().dbSizeBytes());
    }

    private static void putIfKnown(Map<String, Double> cpu, String tier, Double percent) {
        if (percent != null) {
            cpu.put(tier, percent);
        }
    }

    private static String hardware(Environment env) {
        if (env == null || env.host() == null) {
            return null;
        }
        var h = env.host();
        StringBuilder b = new StringBuilder();
        b.append(h.cpuModel() == null ? "unknown CPU" : h.cpuModel());
        if (h.cpu() != null) {
            b.append(" (").append(h.cpu().signature()).append(')');
        }
        b.append(", ").append(h.logicalCpus()).append(" logical CPUs");
        if (h.physicalCores() != null) {
            b.append(" (").append(h.physicalCores()).append(" cores)");
        }
        if (h.memoryBytes() != null) {
            b.append(String.format(Locale.ROOT, ", %.1f GiB", h.memoryBytes() / (double) (1L << 30)));
        }
        b.append(", ").append(h.os());
        if (env.database() != null && env.database().serverVersion() != null) {
            b.append("; ")
                    .append(env.database().kind())
                    .append(' ')
                    .append(env.database().serverVersion());
        }
        return b.toString();
    }
}
