package org.sdbench.protocol.wire;

/** The frame types of the sdbench wire protocol; a reply has its request's id. */
public final class FrameType {
    // Handshake.
    public static final byte HELLO = 1;
    public static final byte CHALLENGE = 2;
    public static final byte AUTH = 3;
    public static final byte WELCOME = 4;
    public static final byte REFUSED = 5;
    // Any peer.
    public static final byte PING = 10;
    public static final byte PONG = 11;
    public static final byte OK = 12;
    public static final byte ERROR = 13;
    /** Liveness, both ways: a client sends one when its connection was idle, the server answers it. */
    public static final byte HEARTBEAT = 14;
    // Driver to app server.
    public static final byte LOGON = 20;
    public static final byte STEP = 21;
    public static final byte STEP_RESULT = 22;
    public static final byte ABANDON = 23;
    public static final byte LOGOFF = 24;
    public static final byte STATS = 25;
    public static final byte STATS_REPLY = 26;
    public static final byte ADOPT = 27;
    public static final byte SHUTDOWN = 28;
    /** App server: time the hops to the central services and to the DB, reply with both. */
    public static final byte PROBE = 29;

    public static final byte PROBE_REPLY = 39;
    /** The run's settings, first on every driver connection to an app server. */
    public static final byte RUN_SETTINGS = 40;
    // App server or driver to central services.
    public static final byte REGISTER = 30;
    public static final byte ROUTE = 31;
    public static final byte ROUTE_REPLY = 32;
    public static final byte ENQ_LOCK = 33;
    public static final byte ENQ_LOCK_REPLY = 34;
    public static final byte ENQ_RELEASE_ALL = 35;
    public static final byte ENQ_TRANSFER = 36;
    public static final byte INSTANCES = 37;
    public static final byte INSTANCES_REPLY = 38;

    private FrameType() {}

    /** Who may send a request of a type: a server refuses it from any other role, whatever the token. */
    public enum Sender {
        ANY_PEER,
        DRIVER,
        APP_SERVER,
        /** A reply or handshake frame: never a request to a server after the handshake. */
        NOBODY;

        public boolean allows(String role) {
            return switch (this) {
                case ANY_PEER -> true;
                case DRIVER -> Roles.DRIVER.equals(role);
                case APP_SERVER -> Roles.isAppServer(role);
                case NOBODY -> false;
            };
        }
    }

    public static Sender sender(byte type) {
        return switch (type) {
            case PING, HEARTBEAT -> Sender.ANY_PEER;
            case LOGON, STEP, ABANDON, LOGOFF, STATS, ADOPT, SHUTDOWN, PROBE, RUN_SETTINGS, ROUTE, INSTANCES ->
                Sender.DRIVER;
            case REGISTER, ENQ_LOCK, ENQ_RELEASE_ALL, ENQ_TRANSFER -> Sender.APP_SERVER;
            default -> Sender.NOBODY;
        };
    }
}
