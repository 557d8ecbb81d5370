/**
 * The few types every part uses: the SD loop's steps and transactions, the clock, the master keys and the environment
 * error. It imports no other sdbench package.
 */
package org.sdbench.core;
