/**
 * The update task: update requests written with a dialog step, posted by update work processes, reposted after a crash,
 * and fenced when an instance is taken over. It may import apptier.instance.workprocess, apptier.central, database,
 * protocol, protocol.enqueue, work, config and core.
 */
package org.sdbench.apptier.instance.update;
