/**
 * A run's figures: HdrHistograms per step, intervals, phases, throughput and Little's law, the update task's figures,
 * the ST03 components (one enum, Component), and the Prometheus endpoint, which takes the instances' figures as a
 * supplier. It may import network, protocol, protocol.wire, config and core.
 */
package org.sdbench.measure.metrics;
