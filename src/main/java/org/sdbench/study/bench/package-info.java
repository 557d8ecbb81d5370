/**
 * Benchmarks of sdbench itself: its overhead, the replay of captured SQL, pgbench and saturation runs, each with the
 * host's CPU and load recorded. It may import run, report, apptier.instance, apptier.instance.transaction,
 * apptier.instance.update, apptier.process, measure.metrics, measure.environment, measure.stats, database,
 * database.load, database.capture, protocol, protocol.wire, work, config and core; only cli imports it.
 */
package org.sdbench.study.bench;
