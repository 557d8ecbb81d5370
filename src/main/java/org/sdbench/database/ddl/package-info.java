/**
 * The tables defined once in schemas/*.yaml and each database's DDL generated from them. It imports no other sdbench
 * package.
 */
package org.sdbench.database.ddl;
