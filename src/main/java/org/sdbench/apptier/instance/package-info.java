/**
 * A simulated SAP app-server instance: its work processes, table buffer and customizing, the step executor and the
 * system of instances a two-tier run holds in its own process. It may import its subpackages, apptier.central, work,
 * database, database.load, protocol, config and core.
 */
package org.sdbench.apptier.instance;
