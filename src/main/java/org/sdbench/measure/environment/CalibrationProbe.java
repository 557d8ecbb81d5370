package org.sdbench.measure.environment;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.sdbench.work.WorkSpeed;

/**
 * Measures this host's work-unit speed ({@code sdbench calibrate}), stores it under the sdbench
 * home, and hands a run the stored figure for this CPU, or a quick measurement when there is none.
 */
public final class CalibrationProbe {
    public static final String FILE = "calibration.json";
    /** Governors that lower the clock while a core is lightly used, as dialog steps use it between SQL calls. */
    private static final Set<String> POWER_SAVING = Set.of("powersave", "conservative", "ondemand", "schedutil");

    private static final ObjectMapper JSON = new ObjectMapper();

    private CalibrationProbe() {}

    /** Measures for about {@code 2 * nanosPerPhase} plus a short per-kind pass. */
    public static Calibration measure(long nanosPerPhase, String source) throws InterruptedException {
        Environment.Host host = HostProbe.capture();
        int cpus = host.logicalCpus();
        // Warm-up by CPU time, not wall time: on a busy host the JIT needs the same CPU to compile the engine.
        WorkSpeed.warmUp(Math.max(250_000_000L, Math.min(nanosPerPhase / 2, 400_000_000L)));
        Map<String, Double> byKind = new TreeMap<>();
        WorkSpeed.perKind(nanosPerPhase / 4).forEach((k, v) -> byKind.put(k.key(), v));
        WorkSpeed.Sample one = WorkSpeed.measure(1, nanosPerPhase, WorkSpeed.MIX);
        WorkSpeed.Sample all = WorkSpeed.measure(cpus, nanosPerPhase, WorkSpeed.MIX);
        double scaling = one.unitsPerSecond() <= 0 ? 0 : all.unitsPerSecond() / one.unitsPerSecond();
        List<String> warnings = new ArrayList<>(powerWarnings(host));
        double busyShare = one.wallNanos() <= 0 ? 1 : (double) one.cpuNanos() / one.wallNanos();
        if (busyShare < 0.9) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "the one-core pass got only %.0f %% of a core: other load on this "
                            + "host, so the per-second figures are low; units per CPU second are still valid",
                    busyShare * 100));
        }
        if (cpus > 1 && scaling < 0.9 * cpus) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "%d busy cores did %.2fx the work of one (ideal %dx): shared "
                            + "cores (SMT siblings, a busy hypervisor) or other load",
                    cpus,
                    scaling,
                    cpus));
        }
        return new Calibration(
                source,
                OffsetDateTime.now().toString(),
                host.cpuModel(),
                cpus,
                host.currentFrequencyMhz(),
                host.governor(),
                one.unitsPerSecondPerThread(),
                all.unitsPerSecondPerThread(),
                scaling,
                one.unitsPerCpuSecond(),
                byKind,
                warnings);
    }

    /** Governor or frequency readings that suggest a power-saving mode. */
    static List<String> powerWarnings(Environment.Host host) {
        List<String> w = new ArrayList<>();
        if (host.governor() != null && POWER_SAVING.contains(host.governor())) {
            w.add("CPU frequency governor '" + host.governor() + "' lowers the clock of lightly used cores: "
                    + "dialog steps can take up to twice as long (set 'performance')");
        }
        Double cur = host.currentFrequencyMhz();
        Double max = host.maxFrequencyMhz();
        if (cur != null && max != null && max > 0 && cur < 0.8 * max) {
            w.add(String.format(
                    Locale.ROOT,
                    "CPUs run at %.0f MHz, %.0f %% of their %.0f MHz maximum: a power-saving "
                            + "mode or thermal limit",
                    cur,
                    100 * cur / max,
                    max));
        }
        if (host.energyPerformancePreference() != null
                && host.energyPerformancePreference().contains("power")) {
            w.add("energy-performance preference '" + host.energyPerformancePreference() + "' favours saving power");
        }
        return w;
    }

    public static void store(Path home, Calibration c) throws IOException {
        Files.createDirectories(home);
        JSON.writerWithDefaultPrettyPrinter().writeValue(home.resolve(FILE).toFile(), c);
    }

    /** The stored calibration when it was taken on this CPU model and CPU count; else null. */
    public static Calibration stored(Path home) {
        Path f = home.resolve(FILE);
        if (!Files.isRegularFile(f)) {
            return null;
        }
        try {
            Calibration c = JSON.readValue(f.toFile(), Calibration.class);
            Environment.Host host = HostProbe.capture();
            return host.cpuModel().equals(c.cpuModel()) && host.logicalCpus() == c.logicalCpus() ? c : null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The quick calibration this process measured, reused by its later runs: a run's settings are
     * checked against it before the database starts, and its environment records the same figure.
     */
    private static volatile Calibration quick;

    /** For a run: the stored calibration of this host, or a quick one (about half a second, once per process). */
    public static Calibration forRun(Path home) {
        Calibration c = home == null ? null : stored(home);
        if (c != null) {
            return c;
        }
        if (quick != null) {
            return quick;
        }
        try {
            quick = measure(150_000_000L, "quick, at run start (run 'sdbench calibrate' for a steadier figure)");
            return quick;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
