package org.sdbench.protocol.wire;

/**
 * What a process does when an {@link Error} (out of memory, a stack overflow) kills a thread that
 * accepts or reads its connections. Going on would leave a listener that accepts connections and
 * never finishes a handshake, or a connection nobody reads: so by default the process says so in
 * one line and ends with exit 3 (an environment failure), without running anything else.
 */
@FunctionalInterface
public interface Fatal {
    /** The process's exit code: the environment failed (sdbench's exit 3). */
    int EXIT_CODE = 3;

    void end(String where, Error e);

    /** One line on standard error, then the process halts: an exhausted heap may not run shutdown hooks. */
    Fatal EXIT = (where, e) -> {
        try {
            System.err.println("sdbench: " + where + ": " + e + ": the process ends (exit " + EXIT_CODE + ")");
            System.err.flush();
        } catch (Throwable ignored) {
            // Not even a line could be written: the exit code still says it.
        } finally {
            Runtime.getRuntime().halt(EXIT_CODE);
        }
    };
}
