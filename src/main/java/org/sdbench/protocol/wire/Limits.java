package org.sdbench.protocol.wire;

/** The bounds every decoder holds a peer to: no field is larger than what sdbench itself ever sends. */
final class Limits {
    /** Host names, roles, lock owners, objects and keys. */
    static final int NAME_BYTES = 256;
    /** Error messages and reasons. */
    static final int TEXT_BYTES = 8 * 1024;

    static final int MAX_USER = 1_000_000;
    static final int MAX_INSTANCE = 99;
    /** Ping padding and pong size: a dialog step's request and reply are a few hundred bytes. */
    static final int PING_BYTES = 64 * 1024;

    static final int MAX_PROBES = 1_000;
    static final int MAX_DRAIN_SECONDS = 3_600;
    /** A run's effective configuration and its workload as YAML. */
    static final int YAML_BYTES = 1 << 20;
    /** An encoded update-time histogram (compressed; a few KiB in practice). */
    static final int HISTOGRAM_BYTES = 1 << 20;

    static final int MAX_INSTANCES_LISTED = 1_024;

    private Limits() {}
}
