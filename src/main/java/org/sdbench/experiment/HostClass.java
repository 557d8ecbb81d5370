package org.sdbench.experiment;

import java.util.Locale;
import org.sdbench.env.Environment;

/**
 * The host class a run ran on, as one string: runs of one experiment must share it. The host name
 * is left out on purpose (a container gets a new one each start); what makes two hosts differ in
 * speed is in it.
 */
final class HostClass {
    private HostClass() {
    }

    static String of(Environment env) {
        if (env == null || env.host() == null) {
            return "unknown host";
        }
        Environment.Host h = env.host();
        return String.format(Locale.ROOT, "%s, %d logical CPUs, %s memory", h.cpuModel(), h.logicalCpus(),
                h.memoryBytes() == null ? "unknown" : (h.memoryBytes() >> 20) + " MiB");
    }
}
