/**
 * The --threshold expressions on a run's figures and their pass or fail. It may import report, measure.metrics, config
 * and core.
 */
package org.sdbench.report.threshold;
