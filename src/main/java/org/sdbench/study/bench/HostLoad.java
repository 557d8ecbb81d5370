package org.sdbench.study.bench;

import java.util.Locale;

/**
 * How busy the rest of the host was during a window. Wall-time figures such as think-time lag
 * suffer when other processes compete for the CPUs, so every result says how much they did.
 */
final class HostLoad {
    private HostLoad() {}

    static String describe(CpuWindow c) {
        if (!c.hasMachine()) {
            return "host                  unknown (no /proc/stat)";
        }
        return String.format(
                Locale.ROOT,
                "host                  %.0f%% busy of %.0f CPUs; other processes (not this JVM, not "
                        + "PostgreSQL) used %.2f cores: figures are noisier the more they use",
                c.percentOfMachine(c.machineBusyNanos()),
                c.machineCpus(),
                c.cores(c.otherNanos()));
    }

    static String brief(CpuWindow c) {
        return c.hasMachine()
                ? String.format(
                        Locale.ROOT,
                        "host %.0f%% busy, others %.2f cores",
                        c.percentOfMachine(c.machineBusyNanos()),
                        c.cores(c.otherNanos()))
                : "host load unknown";
    }
}
