/**
 * The wire between sdbench processes: length-prefixed frames, one codec per message, the token handshake, roles and
 * liveness. It may import protocol, config and core.
 */
package org.sdbench.protocol.wire;
