/**
 * A run's figures: HdrHistograms per step, intervals, phases, throughput and Little's law, and the update task's
 * figures. It may import protocol and core only.
 */
package org.sdbench.measure.metrics;
