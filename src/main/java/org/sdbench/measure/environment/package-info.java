/**
 * The environment a run measured on: host, CPU, disks, kernel, network settings, the database's round trip and the
 * calibration of the simulated work. It may import database, network, work, config and core.
 */
package org.sdbench.measure.environment;
