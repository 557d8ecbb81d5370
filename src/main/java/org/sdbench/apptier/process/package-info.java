/**
 * What every sdbench process shares: its options, token, ready line, log line, emulated links and the documented exit
 * codes. It may import database, database.capture, network, protocol, config and core.
 */
package org.sdbench.apptier.process;
