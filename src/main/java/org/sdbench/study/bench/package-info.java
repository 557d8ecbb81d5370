/**
 * Benchmarks of sdbench itself: its overhead, the replay of captured SQL, pgbench and saturation runs, each with the
 * host's CPU and load recorded. It may import run, apptier.instance, report, measure, database, work, protocol, config
 * and core; nothing but cli imports it.
 */
package org.sdbench.study.bench;
