/**
 * Sweeps: runs at rising user counts until a stop rule holds, the capacity's interval, the queueing model fitted to
 * them and the sizing statement. It may import run, report, report.html, all of measure, database, database.load,
 * protocol, config and core; only cli imports it.
 */
package org.sdbench.study.sweep;
