/**
 * The loader (sdbench load, whose lifecycle is SchemaLoad): master data, customizing, number ranges and order history
 * written in parallel, with the mark of a load that did not finish. It may import database, database.ddl, config and
 * core.
 */
package org.sdbench.database.load;
