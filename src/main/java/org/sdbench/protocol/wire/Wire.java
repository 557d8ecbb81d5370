package org.sdbench.protocol.wire;

/**
 * What a process's wire connections are made with: its liveness bounds, where its hops really dial
 * (directly, or through the relays of an emulated network) and what an {@link Error} in one of its
 * wire threads does ({@link Fatal#EXIT}: the process ends). Built once by the process's entry point
 * and handed to every listener and connection; nothing about it is process-wide.
 */
public record Wire(Liveness liveness, Dialer dialer, Fatal fatal) {
    /** Default bounds, every hop dialled directly. */
    public static final Wire DEFAULTS = new Wire(Liveness.DEFAULTS, Dialer.DIRECT);

    public Wire {
        if (liveness == null || dialer == null || fatal == null) {
            throw new IllegalArgumentException("a wire needs its liveness bounds, its dialer and what an Error does");
        }
    }

    /** An Error in a wire thread ends the process. */
    public Wire(Liveness liveness, Dialer dialer) {
        this(liveness, dialer, Fatal.EXIT);
    }

    /** This process's: the liveness bounds from its JVM system properties, hops through {@code router} (null: direct). */
    public static Wire of(Dialer.Router router) {
        return new Wire(Liveness.fromSystemProperties(), router == null ? Dialer.DIRECT : new Dialer(router));
    }
}
