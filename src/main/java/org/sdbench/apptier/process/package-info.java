/**
 * What every sdbench process shares: its options, token, ready line, log line, emulated links and the documented exit
 * codes. It may import measure.environment, database, database.capture, network, protocol, protocol.wire, config and
 * core.
 */
package org.sdbench.apptier.process;
