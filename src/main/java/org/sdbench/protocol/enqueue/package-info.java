/**
 * The enqueue contract between an instance and the central services: lock modes, owners, results and refusals. It
 * imports no other sdbench package.
 */
package org.sdbench.protocol.enqueue;
