/**
 * What a run leaves behind: the run report and its assembly, the run folder (result.json, intervals.csv, config.yaml;
 * its name made in one place, RunFolder.name), the terminal summary and the certificate. It may import apptier,
 * measure.metrics, measure.dbstats, measure.environment, database, network, protocol, protocol.wire, config and core;
 * of apptier only the tier's facts (RemoteFacts, TierNetwork).
 */
package org.sdbench.report;
