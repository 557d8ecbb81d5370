/**
 * The command line: one picocli command class per sdbench command (RunCommand, CheckCommand, LoadCommand, SweepCommand,
 * ExperimentCommand, ...), which parses and checks its options (exit 2 otherwise) and hands over to one lifecycle:
 * run.SingleRun, run.AuditRun for check, database.load.SchemaLoad, study.sweep.Sweep or study.experiment.Experiment. It
 * may import all of study, run, report, report.compare, report.html, report.threshold, apptier.instance,
 * apptier.server, apptier.central, apptier.process, measure.metrics, measure.environment, database, database.load,
 * database.check, database.capture, network, protocol, protocol.wire, config and core; nothing imports it.
 */
package org.sdbench.cli;
