package org.sdbench.apptier;

import org.sdbench.config.NetworkConfig;
import org.sdbench.network.NetworkEmulation;

/**
 * The links a tier emulates: the relays in this process and, for a tier of separate processes, the
 * configuration of the hops each app-server process emulates itself (their retransmissions are
 * counted there, not here). The report names the hops from it.
 *
 * @param own the emulation in this process
 * @param appServerSide the network configuration the app-server processes emulate, or null when the
 *     tier runs in this process
 */
public record TierNetwork(NetworkEmulation own, NetworkConfig appServerSide) {}
