/**
 * The audits (sdbench check, run by run.AuditRun) that prove the database consistent after a run: no double posting,
 * complete master data, every order's documents. It may import database, database.load and core.
 */
package org.sdbench.database.check;
