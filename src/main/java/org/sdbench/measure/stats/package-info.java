/**
 * The statistics of experiments, sweeps and comparisons, all on Apache Commons Statistics and computed nowhere else:
 * paired t, Welch, ratio estimates, Holm, alpha spending, counterbalancing. It imports no other sdbench package.
 */
package org.sdbench.measure.stats;
