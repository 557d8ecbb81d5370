/**
 * A logged-on user's session on an instance: its roll area of dialog state and the enqueue locks it holds. It may
 * import protocol.enqueue and core.
 */
package org.sdbench.apptier.instance.session;
