/**
 * The one run engine of both layouts: preflight, phases, live progress, harvest, report, verdict and exit code, with
 * the two-tier app tier in this process. It may import driver, apptier, report, measure, database, network, protocol,
 * config and core; only study and cli import it.
 */
package org.sdbench.run;
