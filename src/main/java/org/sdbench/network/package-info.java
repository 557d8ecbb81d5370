/**
 * Emulated network links between tiers (delay, jitter, loss, bandwidth), the relay, and the niping round-trip and
 * throughput tests. It may import protocol.wire, config and core.
 */
package org.sdbench.network;
