/**
 * The wire between sdbench processes, protocol version 5: length-prefixed frames, one codec per message, the token
 * handshake, the requests each role may send, and liveness. It may import protocol, config and core.
 */
package org.sdbench.protocol.wire;
