/**
 * The statistics of experiments and comparisons on Apache Commons Statistics: paired t, ratio estimates, Holm, alpha
 * spending, counterbalancing. It imports no other sdbench package.
 */
package org.sdbench.measure.stats;
