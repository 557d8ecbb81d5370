/**
 * The comparison of two or more run folders, figure by figure, with each difference judged against the runs' noise. It
 * may import report, measure, config and core.
 */
package org.sdbench.report.compare;
