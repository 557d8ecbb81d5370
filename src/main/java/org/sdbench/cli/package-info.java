/**
 * The command line: one picocli command per sdbench command, which parses and checks its options (exit 2 otherwise) and
 * hands over to the part that does the work. It may import every other part; nothing imports it.
 */
package org.sdbench.cli;
