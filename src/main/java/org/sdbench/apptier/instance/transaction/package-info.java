/**
 * The six SD transactions (VA01, VL01N, VA03, VL02N, VA05, VF01) as the dialog steps' SQL and ABAP-like work. It may
 * import apptier.instance, apptier.instance.session, apptier.instance.update, database, database.load, protocol,
 * protocol.enqueue, config and core.
 */
package org.sdbench.apptier.instance.transaction;
