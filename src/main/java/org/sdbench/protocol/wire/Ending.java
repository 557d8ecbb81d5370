package org.sdbench.protocol.wire;

/** How a connection ended: closed by this side on purpose, or lost (the reason says how). */
public sealed interface Ending {
    /** A clean close: nothing to report. */
    record Closed() implements Ending {
        @Override
        public String toString() {
            return "closed";
        }
    }

    /** The peer went away, broke the connection or fell silent. */
    record Lost(String reason) implements Ending {
        @Override
        public String toString() {
            return reason;
        }
    }

    Ending CLOSED = new Closed();

    default boolean clean() {
        return this instanceof Closed;
    }
}
