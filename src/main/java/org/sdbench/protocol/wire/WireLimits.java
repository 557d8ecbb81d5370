package org.sdbench.protocol.wire;

/**
 * What a listener grants its peers, before and after authentication. An unauthenticated peer is
 * nobody: {@link #pendingHandshakes} handshakes at once, {@link #pendingPerSource} of them from one
 * address, each within {@link #handshakeMillis}; when either is full the oldest pending handshake
 * (of that source first) is shed, so a flood of idle connections delays nobody who completes a
 * handshake at once. An authenticated role holds at most {@link #connectionsPerRole} connections.
 * Refusals a peer causes are logged {@link #logBurst} per {@link #logWindowMillis}, the rest counted.
 * What all authenticated peers send shares one memory budget of {@link #frameBudgetBytes} (0: a
 * share of the heap, {@link FrameBudget#forHeap}).
 */
public record WireLimits(
        int pendingHandshakes,
        int pendingPerSource,
        long handshakeMillis,
        int connectionsPerRole,
        int logBurst,
        long logWindowMillis,
        long frameBudgetBytes) {

    public static final WireLimits DEFAULTS = new WireLimits(64, 16, 3_000, 16, 20, 10_000);

    /** With the memory budget sized from the heap. */
    public WireLimits(
            int pendingHandshakes,
            int pendingPerSource,
            long handshakeMillis,
            int connectionsPerRole,
            int logBurst,
            long logWindowMillis) {
        this(pendingHandshakes, pendingPerSource, handshakeMillis, connectionsPerRole, logBurst, logWindowMillis, 0);
    }

    public WireLimits {
        positive("pendingHandshakes", pendingHandshakes);
        positive("pendingPerSource", pendingPerSource);
        positive("handshakeMillis", handshakeMillis);
        positive("connectionsPerRole", connectionsPerRole);
        positive("logBurst", logBurst);
        positive("logWindowMillis", logWindowMillis);
        if (frameBudgetBytes != 0 && frameBudgetBytes < FrameBudget.CONNECTION_BYTES + Frame.MAX_BYTES) {
            throw new IllegalArgumentException("wire limit frameBudgetBytes = " + frameBudgetBytes
                    + ": 0 (a share of the heap) or at least one connection and its largest frame ("
                    + (FrameBudget.CONNECTION_BYTES + Frame.MAX_BYTES) + ")");
        }
        if (pendingPerSource > pendingHandshakes) {
            throw new IllegalArgumentException("wire limit pendingPerSource = " + pendingPerSource
                    + ": at most pendingHandshakes (" + pendingHandshakes + ")");
        }
    }

    /** The budget in bytes: as set, or sized from this JVM's heap. */
    long budgetBytes() {
        return frameBudgetBytes != 0
                ? frameBudgetBytes
                : FrameBudget.forHeap(Runtime.getRuntime().maxMemory());
    }

    private static void positive(String key, long value) {
        if (value < 1) {
            throw new IllegalArgumentException("wire limit " + key + " = " + value + ": must be at least 1");
        }
    }
}
