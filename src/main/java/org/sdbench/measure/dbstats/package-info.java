/**
 * The database's own statistics over a window (pg_stat views), snapshotted at the window's edges. It may import
 * measure.environment, database, config and core.
 */
package org.sdbench.measure.dbstats;
