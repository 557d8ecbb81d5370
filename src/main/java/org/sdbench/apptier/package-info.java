/**
 * The seam between the run engine and where the application tier runs: the in-process tier here, beside the remote one
 * in apptier.remote. A tier returns its own facts (RemoteFacts, TierNetwork), writes the run folder only through
 * RunFiles, and shares its timeouts. It may import apptier.instance, apptier.instance.update,
 * apptier.instance.workprocess, apptier.process, measure.metrics, database, network, protocol, config and core; nothing
 * from report.
 */
package org.sdbench.apptier;
