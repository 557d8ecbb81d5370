/**
 * The one run engine of both layouts: preflight, phases, live progress, harvest, report, verdict and exit code, and the
 * lifecycles a command hands over to: SingleRun for a run and AuditRun for sdbench check. It may import report,
 * report.html, report.rules, report.threshold, apptier, apptier.instance, apptier.instance.transaction,
 * apptier.instance.update, apptier.remote, driver, measure.metrics, measure.dbstats, measure.environment, database,
 * database.load, database.check, network, protocol, config and core; only cli and study import it.
 */
package org.sdbench.run;
