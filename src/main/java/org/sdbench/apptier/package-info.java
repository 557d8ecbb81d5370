/**
 * The seam between the run engine and where the application tier runs, in this process or in app-server processes, with
 * the timeouts both share. It may import report, measure.metrics, database, network, protocol, config and core, and
 * none of its subpackages: they implement the seam.
 */
package org.sdbench.apptier;
