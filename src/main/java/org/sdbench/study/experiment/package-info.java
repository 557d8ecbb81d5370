/**
 * Experiments: variants of the configuration run in counterbalanced rounds, each figure compared in pairs with its
 * interval, verdict and the experiment's own report. The designs (rounds, alternate, duet) sit behind one seam,
 * RoundRunner. It may import run, report, report.html, all of measure, database, database.load, protocol, config and
 * core; only cli imports it.
 */
package org.sdbench.study.experiment;
