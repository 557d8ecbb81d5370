package org.sdbench.measure.environment;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** Reads the host's CPU, memory, kernel, its CPU mitigations and CPU power settings from /proc and /sys where readable. */
public final class HostProbe {
    private static final Path CPUFREQ = Path.of("/sys/devices/system/cpu/cpu0/cpufreq");

    private HostProbe() {}

    public static Environment.Host capture() {
        List<String> notes = new ArrayList<>();
        List<String> cpuinfo = lines(Path.of("/proc/cpuinfo"));
        String model = cpuinfo.stream()
                .filter(l -> l.startsWith("model name"))
                .findFirst()
                .map(HostProbe::value)
                .orElse(System.getProperty("os.arch"));
        String governor = read(CPUFREQ.resolve("scaling_governor"));
        String epp = read(CPUFREQ.resolve("energy_performance_preference"));
        Double cur = averageKhzAsMhz("scaling_cur_freq");
        String source = "cpufreq scaling_cur_freq, average over CPUs";
        if (cur == null) {
            cur = cpuinfo.stream()
                    .filter(l -> l.startsWith("cpu MHz"))
                    .mapToDouble(l -> Double.parseDouble(value(l)))
                    .average()
                    .stream()
                    .boxed()
                    .findFirst()
                    .orElse(null);
            source = cur == null ? null : "/proc/cpuinfo cpu MHz, average over CPUs";
        }
        if (governor == null) {
            notes.add("CPU frequency governor not readable (no " + CPUFREQ + ": typical in VMs and containers); "
                    + "check the hypervisor's or BIOS power mode");
        }
        return new Environment.Host(
                hostname(),
                System.getProperty("os.name"),
                kernel(),
                System.getProperty("os.arch"),
                model,
                CpuPinning.logicalCpus(),
                physicalCores(cpuinfo),
                memoryBytes(),
                governor,
                epp,
                cur,
                khzAsMhz(read(CPUFREQ.resolve("scaling_min_freq"))),
                khzAsMhz(read(CPUFREQ.resolve("scaling_max_freq"))),
                source,
                notes,
                KernelMitigations.read(KernelMitigations.SYSFS),
                cpu(cpuinfo));
    }

    /**
     * The CPU as the first processor entry of /proc/cpuinfo names it; null when there is no such
     * text (not Linux). One entry is enough: a host with mixed CPU models is not a benchmark host.
     */
    static Environment.Cpu cpu(List<String> cpuinfo) {
        String vendor = null;
        String microcode = null;
        String modelName = null;
        Integer family = null;
        Integer model = null;
        Integer stepping = null;
        boolean seen = false;
        for (String l : cpuinfo) {
            if (l.isBlank()) {
                if (seen) {
                    break;
                }
                continue;
            }
            seen = true;
            String key = l.indexOf(':') < 0
                    ? l.strip()
                    : l.substring(0, l.indexOf(':')).strip();
            switch (key) {
                case "vendor_id" -> vendor = value(l);
                case "cpu family" -> family = integer(value(l));
                case "model" -> model = integer(value(l));
                case "stepping" -> stepping = integer(value(l));
                case "microcode" -> microcode = value(l);
                case "model name" -> modelName = value(l);
                default -> {}
            }
        }
        return seen ? new Environment.Cpu(vendor, family, model, stepping, microcode, modelName) : null;
    }

    private static Integer integer(String s) {
        try {
            return Integer.valueOf(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    public static Environment.Jvm jvm() {
        Runtime.Version v = Runtime.version();
        List<String> gcs = ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(b -> b.getName())
                .toList();
        return new Environment.Jvm(
                v.toString(),
                System.getProperty("java.vendor"),
                System.getProperty("java.vm.name"),
                Runtime.getRuntime().maxMemory(),
                gcs,
                Redaction.jvmArguments(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    }

    private static String hostname() {
        String h = read(Path.of("/proc/sys/kernel/hostname"));
        return h != null ? h : System.getenv().getOrDefault("HOSTNAME", "unknown");
    }

    private static String kernel() {
        String k = read(Path.of("/proc/sys/kernel/osrelease"));
        return k != null ? k : System.getProperty("os.version");
    }

    private static Integer physicalCores(List<String> cpuinfo) {
        Set<String> cores = new HashSet<>();
        String physical = "0";
        for (String l : cpuinfo) {
            if (l.startsWith("physical id")) {
                physical = value(l);
            } else if (l.startsWith("core id")) {
                cores.add(physical + "/" + value(l));
            }
        }
        return cores.isEmpty() ? null : cores.size();
    }

    private static Long memoryBytes() {
        return lines(Path.of("/proc/meminfo")).stream()
                .filter(l -> l.startsWith("MemTotal:"))
                .map(l -> Long.parseLong(value(l).replace("kB", "").strip()) * 1024)
                .findFirst()
                .orElse(null);
    }

    private static Double averageKhzAsMhz(String file) {
        try (Stream<Path> cpus = Files.list(Path.of("/sys/devices/system/cpu"))) {
            return cpus
                    .filter(p -> p.getFileName().toString().matches("cpu[0-9]+"))
                    .map(p -> read(p.resolve("cpufreq").resolve(file)))
                    .filter(s -> s != null && s.matches("[0-9]+"))
                    .mapToDouble(s -> Long.parseLong(s) / 1000.0)
                    .average()
                    .stream()
                    .boxed()
                    .findFirst()
                    .orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    private static Double khzAsMhz(String s) {
        return s == null || !s.matches("[0-9]+") ? null : Long.parseLong(s) / 1000.0;
    }

    private static String value(String cpuinfoLine) {
        int colon = cpuinfoLine.indexOf(':');
        return colon < 0 ? "" : cpuinfoLine.substring(colon + 1).strip();
    }

    static String read(Path p) {
        try {
            return Files.isReadable(p) ? Files.readString(p).strip() : null;
        } catch (IOException e) {
            return null;
        }
    }

    static List<String> lines(Path p) {
        try {
            return Files.isReadable(p) ? Files.readAllLines(p) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }
}
