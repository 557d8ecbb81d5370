/**
 * What a run leaves behind: the run report and its assembly, the run folder (result.json, intervals.csv, config.yaml),
 * the terminal summary and the certificate. It may import measure, database, network, protocol, config and core, never
 * apptier, run or driver.
 */
package org.sdbench.report;
