/**
 * The run rules (sd-standard and none) that judge whether a run's result may be quoted. It may import report,
 * measure.metrics and config.
 */
package org.sdbench.report.rules;
