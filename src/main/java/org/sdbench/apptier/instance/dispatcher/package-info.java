/**
 * The instance's dispatcher: the queue of dialog requests waiting for a free dialog work process. It may import
 * apptier.instance.session, protocol and core.
 */
package org.sdbench.apptier.instance.dispatcher;
