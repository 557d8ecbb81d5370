/**
 * The app-server process of a three-tier system (sdbench appserver): it serves the driver's steps over the wire,
 * registers with the central services and adopts a run's settings. It may import apptier.instance,
 * apptier.instance.transaction, apptier.instance.update, apptier.instance.workprocess, apptier.process,
 * measure.metrics, database, database.capture, network, all of protocol, config and core; only cli imports it.
 */
package org.sdbench.apptier.server;
