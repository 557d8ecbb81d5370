/**
 * The six SD transactions (VA01, VL01N, VA03, VL02N, VA05, VF01) as the dialog steps' SQL and ABAP-like work. It may
 * import apptier.instance and its session and update packages, database, database.load, protocol, config and core.
 */
package org.sdbench.apptier.instance.transaction;
