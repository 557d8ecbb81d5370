/**
 * The driver's side of a three-tier system: launching the processes, connections and fencing, probing each hop,
 * harvesting the instances' figures and draining them. It may import apptier, apptier.process, measure.metrics,
 * database, network, protocol, protocol.wire, config and core; nothing from report.
 */
package org.sdbench.apptier.remote;
