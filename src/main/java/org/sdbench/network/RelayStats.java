package org.sdbench.network;

/**
 * Counters of one relay since it started.
 *
 * @param connections connections accepted
 * @param open connections currently relayed
 * @param failedConnects accepted connections whose target could not be reached
 * @param forwardBytes bytes forwarded client to target
 * @param backBytes bytes forwarded target to client
 * @param losses chunks that paid an emulated retransmission (both directions)
 */
public record RelayStats(
        long connections, int open, long failedConnects, long forwardBytes, long backBytes, long losses) {}
