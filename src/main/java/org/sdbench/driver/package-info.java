/**
 * The presentation tier: virtual users that send a dialog step, wait for its answer, think and send the next, and the
 * crowd that ramps them up and down. It may import measure.metrics, protocol and core; it reaches the app tier through
 * protocol's DialogService.
 */
package org.sdbench.driver;
