/**
 * Number-range buffers: document numbers taken from NRIV in intervals, and the time waited for them. It may import
 * core.
 */
package org.sdbench.apptier.instance.numberrange;
