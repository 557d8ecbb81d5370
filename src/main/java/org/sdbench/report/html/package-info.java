/**
 * The self-contained report.html pages of a run and of a comparison: sections, the run's picture, charts and tables. It
 * may import report, report.compare, measure.metrics, measure.dbstats, measure.environment, network, protocol and core.
 */
package org.sdbench.report.html;
