package org.sdbench.experiment;

import org.sdbench.env.Environment;

/** The host class a run ran on ({@link Environment.Host#identity()}): runs of one experiment must share it. */
final class HostClass {
    private HostClass() {
    }

    static String of(Environment env) {
        return env == null || env.host() == null ? "unknown host" : env.host().identity();
    }
}
