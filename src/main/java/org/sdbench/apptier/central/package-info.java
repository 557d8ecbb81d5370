/**
 * The central services (sdbench central): the message server that names each user's instance and the enqueue server
 * that holds the locks, in one process or in the run's. It may import all of protocol, config and core.
 */
package org.sdbench.apptier.central;
