/**
 * Experiments: variants of the configuration run in counterbalanced rounds, each figure compared in pairs with its
 * interval, verdict and the experiment's own report. It may import run, report, measure, database, config and core;
 * nothing but cli imports it.
 */
package org.sdbench.study.experiment;
