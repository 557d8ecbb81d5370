/**
 * The types that cross a tier boundary: dialog steps and their outcomes, where a step's time went, an instance's
 * figures, the parties' names (Role) and how a run starts its processes. It may import core only, so a process boundary
 * can carry these values without pulling a tier's internals along.
 */
package org.sdbench.protocol;
