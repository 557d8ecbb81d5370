/**
 * The comparison of two or more run folders, figure by figure, with each difference judged against the runs' noise. It
 * may import report, all of measure and config.
 */
package org.sdbench.report.compare;
