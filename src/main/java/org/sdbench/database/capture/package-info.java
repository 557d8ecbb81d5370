/**
 * Capturing the SQL a run sends, statement by statement in order, for the replay benchmark. It may import database,
 * protocol and core.
 */
package org.sdbench.database.capture;
