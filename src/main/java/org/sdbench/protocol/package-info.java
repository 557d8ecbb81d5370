/**
 * The types that cross a tier boundary: dialog steps and transactions, step outcomes, where a
 * step's time went, and the update task's reports. Every tier depends on this package and it
 * depends on none of them, so a process boundary (driver to app server, app server to central
 * services) can carry these values without pulling a tier's internals along.
 */
package org.sdbench.protocol;
