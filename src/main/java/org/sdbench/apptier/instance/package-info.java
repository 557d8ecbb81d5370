/**
 * A simulated SAP app-server instance: its work processes, table buffer and customizing, the step executor and the
 * system of instances a two-tier run holds in its own process. It may import apptier.instance.dispatcher,
 * apptier.instance.numberrange, apptier.instance.session, apptier.instance.update, apptier.instance.workprocess,
 * apptier.central, database, database.load, protocol, protocol.enqueue, work, config and core.
 */
package org.sdbench.apptier.instance;
