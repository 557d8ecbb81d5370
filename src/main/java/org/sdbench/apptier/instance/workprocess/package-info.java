/**
 * Dialog work processes: one thread and one database connection each, supervised and restarted after a database outage.
 * It may import apptier.instance.dispatcher, database, protocol and core.
 */
package org.sdbench.apptier.instance.workprocess;
