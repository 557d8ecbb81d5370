/**
 * The database tier's access: the SQL dialects of PostgreSQL and DB2, sessions and their transport, the embedded
 * PostgreSQL server and installing the schema. It may import database.ddl, config and core.
 */
package org.sdbench.database;
