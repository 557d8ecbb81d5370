package org.sdbench.measure.environment;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.sdbench.network.RoundTrip;

/**
 * environment.json: where a run ran. Dialog-step time depends on the CPU's power mode and the
 * DB's settings, so both are recorded and {@code sdbench compare} diffs them.
 *
 * @param diskLayout where data, WAL and tablespaces live; null in folders written before it existed
 * @param calibration this host's work-unit speed; null in folders written before it existed
 * @param cpuSplit whether the database and the simulator ran on separate CPUs, and why not; null in
 *     folders written before it existed
 */
public record Environment(
        int schemaVersion,
        String capturedAt,
        String sdbenchVersion,
        Host host,
        Jvm jvm,
        Database database,
        DiskLayout diskLayout,
        Calibration calibration,
        Network network,
        CpuSplit cpuSplit) {

    public static final int SCHEMA_VERSION = 1;

    /** The same environment with the CPU split the run applied. */
    public Environment withCpuSplit(CpuSplit split) {
        return new Environment(
                schemaVersion,
                capturedAt,
                sdbenchVersion,
                host,
                jvm,
                database,
                diskLayout,
                calibration,
                network,
                split);
    }

    /** The same environment with the network measured again. */
    public Environment withNetwork(Network n) {
        return new Environment(
                schemaVersion, capturedAt, sdbenchVersion, host, jvm, database, diskLayout, calibration, n, cpuSplit);
    }

    /**
     * The CPUs the database and the simulator ran on ({@code run.cpuSplit}).
     *
     * @param mode          run.cpuSplit as configured: none or auto
     * @param applied       whether the split held for the run
     * @param databaseCpus  the CPU list (taskset -c form, e.g. 0 or 0-1) the database's processes were
     *                      pinned to; null when not applied
     * @param simulatorCpus the CPU list of this process and the processes it starts; null when not applied
     * @param postmasterPid the pinned PostgreSQL postmaster (the backends it starts inherit its CPUs);
     *                      null when not found
     * @param pinnedProcesses postgres processes pinned at the start, the postmaster included
     * @param reason        why the split was not applied; null when it was
     */
    public record CpuSplit(
            String mode,
            boolean applied,
            String databaseCpus,
            String simulatorCpus,
            Long postmasterPid,
            int pinnedProcesses,
            String reason) {}

    /**
     * The machine the simulator ran on. Fields that the machine does not expose (cpufreq is often
     * missing in VMs and containers) are null and {@code notes} says so.
     *
     * @param frequencySource where currentFrequencyMhz came from (cpufreq or /proc/cpuinfo)
     * @param mitigations     the kernel's CPU vulnerability mitigations in effect, by vulnerability, as
     *                        /sys/devices/system/cpu/vulnerabilities states them; empty where not readable
     *                        (and in folders written before it was recorded)
     * @param cpu             the CPU as /proc/cpuinfo names it; null where not readable and in folders
     *                        written before it was recorded
     */
    public record Host(
            String hostname,
            String os,
            String kernel,
            String arch,
            String cpuModel,
            int logicalCpus,
            Integer physicalCores,
            Long memoryBytes,
            String governor,
            String energyPerformancePreference,
            Double currentFrequencyMhz,
            Double minFrequencyMhz,
            Double maxFrequencyMhz,
            String frequencySource,
            List<String> notes,
            Map<String, String> mitigations,
            Cpu cpu) {
        public Host {
            notes = notes == null ? List.of() : List.copyOf(notes);
            mitigations = mitigations == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(mitigations));
        }

        /**
         * Which class of host a run ran on, for telling whether two runs may be compared as samples
         * of one machine: CPU vendor, family, model, stepping and model name, the logical CPUs the
         * JVM was given and the memory rounded to whole GiB. Equal strings mean the same host class.
         *
         * <p>The hostname is left out on purpose: a container or a cloud VM gets a new one on every
         * start while running on the same kind of machine, and two differently named machines of
         * one type are as comparable as one machine twice. The microcode revision is left out too:
         * it changes with host updates without changing the CPU (it is recorded in {@link Cpu}
         * and shown by compare). Memory is rounded because the kernel's reservation moves
         * MemTotal by megabytes between kernels and boots of one machine type. Frequencies and
         * the governor are left out: they are conditions of a run, not of the host, and compare
         * shows them.
         *
         * <p>Runs without {@code cpu} (written before it was recorded) give the model name alone
         * for the CPU part, so they match only each other, never a run with the full identity.
         */
        public String identity() {
            String memory = memoryBytes == null ? "?" : Math.round(memoryBytes / (double) (1L << 30)) + "GiB";
            String processor = cpu == null ? "cpu " + cpuModel : cpu.identity();
            return processor + " | " + logicalCpus + " logical CPUs | " + memory;
        }
    }

    /**
     * The processor as /proc/cpuinfo's first entry names it. Fields the platform does not show are
     * null: VMs often hide the microcode, ARM shows no vendor_id or family.
     *
     * @param vendor    vendor_id, e.g. GenuineIntel or AuthenticAMD
     * @param family    cpu family
     * @param model     model (the number; the name is modelName)
     * @param stepping  stepping
     * @param microcode microcode revision as printed, e.g. 0xb000040
     * @param modelName model name
     */
    public record Cpu(
            String vendor, Integer family, Integer model, Integer stepping, String microcode, String modelName) {

        /** Vendor, family, model, stepping and model name in one line; the microcode is not part of it. */
        public String identity() {
            return numbers() + " (" + modelName + ")";
        }

        /** The numbers beside the model name for reports: vendor, family, model, stepping and microcode where known. */
        public String signature() {
            return microcode == null ? numbers() : numbers() + ", microcode " + microcode;
        }

        private String numbers() {
            return vendor + " family " + family + " model " + model + " stepping " + stepping;
        }
    }

    public record Jvm(
            String version,
            String vendor,
            String vmName,
            long maxHeapBytes,
            List<String> garbageCollectors,
            List<String> inputArguments) {}

    /**
     * @param settings pg_settings that differ from the built-in defaults as a new connection sees
     *     them (configuration file, ALTER SYSTEM/DATABASE/ROLE, connection options), by name
     * @param settingsStatus "ok", or why settings could not be read
     * @param transport how the work processes' connections reached the server: "unix-domain socket PATH",
     *     or "tcp" with, under database.transport=auto, why not a socket; null in folders written before it existed
     */
    public record Database(
            String kind,
            String description,
            String version,
            String serverVersion,
            Map<String, Setting> settings,
            String settingsStatus,
            String transport) {}

    /** One setting as pg_settings shows it: value in its unit, where it was set, the built-in default. */
    public record Setting(String value, String unit, String source, String defaultValue) {
        /** Value with its unit, e.g. {@code 16384 8kB}. */
        public String display() {
            return unit == null || unit.isEmpty() ? value : value + " " + unit;
        }
    }

    /**
     * The network as the run found it.
     *
     * @param sysctls the host's network settings the whitepaper tuned, by sysctl name
     * @param dbRoundTrip {@code SELECT 1} round trips from this process to the DB (through the emulating
     *     relay when the run emulates the app-to-DB hop); null when not measured
     */
    public record Network(Map<String, String> sysctls, RoundTrip dbRoundTrip) {}
}
