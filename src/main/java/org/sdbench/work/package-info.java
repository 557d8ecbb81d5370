/**
 * The simulated ABAP work a dialog step burns on the CPU: the work engine, its budget and the thread CPU clock. It may
 * import config.
 */
package org.sdbench.work;
