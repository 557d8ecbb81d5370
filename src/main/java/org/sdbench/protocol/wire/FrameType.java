package org.sdbench.protocol.wire;

import java.util.Optional;
import org.sdbench.protocol.Role;

/**
 * The frame types of the sdbench wire protocol, each with its code, the role allowed to send it as
 * a request and the type its reply has; a reply repeats its request's id.
 */
public enum FrameType {
    // Handshake: never a request once it is over.
    HELLO(1, Sender.NOBODY),
    CHALLENGE(2, Sender.NOBODY),
    AUTH(3, Sender.NOBODY),
    WELCOME(4, Sender.NOBODY),
    REFUSED(5, Sender.NOBODY),
    // Any peer.
    PING(10, Sender.ANY_PEER),
    PONG(11, Sender.NOBODY),
    OK(12, Sender.NOBODY),
    ERROR(13, Sender.NOBODY),
    /** Liveness, both ways: a client sends one when its connection was idle, the server answers it. */
    HEARTBEAT(14, Sender.ANY_PEER),
    // Driver to app server.
    LOGON(20, Sender.DRIVER),
    STEP(21, Sender.DRIVER),
    STEP_RESULT(22, Sender.NOBODY),
    ABANDON(23, Sender.DRIVER),
    LOGOFF(24, Sender.DRIVER),
    /** An app server's or the central services' figures. */
    STATS(25, Sender.DRIVER),
    STATS_REPLY(26, Sender.NOBODY),
    /** Honoured only once the message server no longer lists the dead instance (docs/security.md). */
    ADOPT(27, Sender.DRIVER),
    SHUTDOWN(28, Sender.DRIVER),
    /** App server: time the hops to the central services and to the DB, reply with both. */
    PROBE(29, Sender.DRIVER),
    PROBE_REPLY(39, Sender.NOBODY),
    /** The run's identity and settings, first on every driver connection to an app server. */
    RUN_SETTINGS(40, Sender.DRIVER),
    /** Central services to an app server at the address it registered: which instance answers there? */
    IDENTIFY(42, Sender.CENTRAL),
    IDENTITY(43, Sender.NOBODY),
    // App server or driver to central services.
    REGISTER(30, Sender.APP_SERVER),
    /** A driver's run begins: admitted while no other driver's run is on, else refused naming that run. */
    RUN_BEGIN(41, Sender.DRIVER),
    /**
     * The driver ends its run before it closes: the next run is admitted from the reply on, not
     * from whenever the central services notice the connection close.
     */
    RUN_END(44, Sender.DRIVER),
    ROUTE(31, Sender.DRIVER),
    ROUTE_REPLY(32, Sender.NOBODY),
    ENQ_LOCK(33, Sender.APP_SERVER),
    ENQ_LOCK_REPLY(34, Sender.NOBODY),
    ENQ_RELEASE_ALL(35, Sender.APP_SERVER),
    ENQ_TRANSFER(36, Sender.APP_SERVER),
    /** The registered instances: the driver routes by them, an app server checks them before adopting. */
    INSTANCES(37, Sender.ANY_PEER),
    INSTANCES_REPLY(38, Sender.NOBODY);

    private static final FrameType[] BY_CODE = new FrameType[128];

    static {
        for (FrameType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    private final byte code;
    private final Sender sender;

    FrameType(int code, Sender sender) {
        this.code = (byte) code;
        this.sender = sender;
    }

    /** The byte on the wire. */
    public byte code() {
        return code;
    }

    /** Who may send this type as a request: a server refuses it from any other role, whatever the token. */
    public Sender sender() {
        return sender;
    }

    public boolean isRequest() {
        return sender != Sender.NOBODY;
    }

    /** The type of the reply to this request (an {@link #ERROR} may always come instead). */
    public FrameType reply() {
        return switch (this) {
            case PING -> PONG;
            case HEARTBEAT -> HEARTBEAT;
            case STEP -> STEP_RESULT;
            case STATS -> STATS_REPLY;
            case PROBE -> PROBE_REPLY;
            case ROUTE -> ROUTE_REPLY;
            case ENQ_LOCK -> ENQ_LOCK_REPLY;
            case INSTANCES -> INSTANCES_REPLY;
            case IDENTIFY -> IDENTITY;
            case LOGON,
                    ABANDON,
                    LOGOFF,
                    ADOPT,
                    SHUTDOWN,
                    RUN_SETTINGS,
                    RUN_BEGIN,
                    RUN_END,
                    REGISTER,
                    ENQ_RELEASE_ALL,
                    ENQ_TRANSFER -> OK;
            default -> throw new IllegalArgumentException(this + " is not a request: nothing replies to it");
        };
    }

    /** The type of a code read off the wire; empty for a code this version does not know. */
    public static Optional<FrameType> of(byte code) {
        return code < 0 ? Optional.empty() : Optional.ofNullable(BY_CODE[code]);
    }

    /** Who may send a request of a type. */
    public enum Sender {
        ANY_PEER,
        DRIVER,
        APP_SERVER,
        CENTRAL,
        /** A reply or handshake frame: never a request to a server after the handshake. */
        NOBODY;

        public boolean allows(String role) {
            return switch (this) {
                case ANY_PEER -> true;
                case DRIVER -> Role.DRIVER.equals(role);
                case APP_SERVER -> Role.isAppServer(role);
                case CENTRAL -> Role.CENTRAL.equals(role);
                case NOBODY -> false;
            };
        }
    }
}
