package org.sdbench.protocol.wire;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.security.SecureRandom;
import org.sdbench.protocol.Role;

/**
 * The first frames on every connection: both sides must run the same sdbench version and wire
 * version, and authentication is mutual: the client proves the token over the server's
 * challenge, then the server proves it over the client's, so neither side serves nor talks to a
 * peer that does not know it. The token itself never crosses the wire. Frames before
 * authentication are at most {@link Frame#PRE_AUTH_BYTES}; the whole handshake has one deadline.
 */
public final class Handshake {
    static final int MAGIC = 0x5D_BE_4C_01;
    /**
     * 4: authentication always, roles checked per frame type, heartbeats; one run at a time,
     * registrations checked at their address.
     */
    public static final int WIRE_VERSION = 5;

    static final int CHALLENGE_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Handshake() {}

    /** This build's version, as the jar manifest says ("dev" when run from classes). */
    public static String version() {
        String v = Handshake.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    static byte[] challenge() {
        byte[] c = new byte[CHALLENGE_BYTES];
        RANDOM.nextBytes(c);
        return c;
    }

    /** HELLO: who the client is and its challenge to the server. */
    record Hello(int magic, int wire, String version, String role, byte[] challenge) {
        byte[] encode() {
            return new WireOut(96)
                    .i32(magic)
                    .i32(wire)
                    .str(version)
                    .str(role)
                    .bytes(challenge)
                    .toBytes();
        }

        static Hello decode(byte[] body) {
            WireIn in = new WireIn(body);
            Hello h = new Hello(
                    in.i32(),
                    in.i32(),
                    in.str("hello.version", 64),
                    in.str("hello.role", 32),
                    in.bytes("hello.challenge", CHALLENGE_BYTES));
            in.end();
            return h;
        }
    }

    /** CHALLENGE (the server's) and AUTH / WELCOME (a proof, with the server's version in WELCOME). */
    record Proof(String version, byte[] bytes) {
        byte[] encode() {
            return new WireOut(80).str(version).bytes(bytes).toBytes();
        }

        static Proof decode(byte[] body) {
            WireIn in = new WireIn(body);
            Proof p = new Proof(in.str("proof.version", 64), in.bytes("proof.bytes", 64));
            in.end();
            return p;
        }
    }

    /** What a client shed by a listener's handshake limit hears, and says. */
    static final String SHED = "shed by the listener's handshake limit (a flood?)";

    /**
     * The server closed the connection before the handshake ended without answering anything else:
     * it shed it (with or without saying so) to admit a newcomer.
     */
    static final class Cut extends WireException {
        Cut(String message) {
            super(message);
        }
    }

    /**
     * Whether a client's failed handshake is worth another connection: the server closed or reset it
     * (a listener sheds a pending handshake to admit a newcomer), not a refusal, a bad proof or a timeout.
     */
    static boolean cutShort(Exception e) {
        return e instanceof Cut || (e instanceof IOException && !(e instanceof SocketTimeoutException));
    }

    /** Client side; throws {@link WireException} with the reason the server gave, or when the server cannot prove the token. */
    static void client(FrameIO io, String role, Token token, String what) throws IOException {
        if (token == null) {
            throw new IllegalArgumentException("every sdbench connection is authenticated: a token is required");
        }
        int timeout = (int) io.liveness().handshakeMillis();
        Liveness.Deadline deadline = Liveness.deadline(io, timeout);
        try {
            byte[] mine = challenge();
            io.write(FrameType.HELLO, 0, new Hello(MAGIC, WIRE_VERSION, version(), role, mine).encode());
            Frame f = expect(io, what, FrameType.CHALLENGE, timeout);
            byte[] theirs = Proof.decode(f.body()).bytes();
            io.write(FrameType.AUTH, 0, new Proof(version(), token.prove(theirs, mine, Token.CLIENT + role)).encode());
            Proof welcome =
                    Proof.decode(expect(io, what, FrameType.WELCOME, timeout).body());
            if (!token.verify(mine, theirs, Token.SERVER + role, welcome.bytes())) {
                throw new WireException(
                        what + " failed to prove the token: refused (an impostor, or a different token)");
            }
        } catch (IOException | WireException e) {
            // Whatever the closed socket made the read fail with, the deadline's own close is the cause.
            if (deadline.expired()) {
                throw new WireException(
                        what + " did not finish the sdbench handshake within " + timeout + " ms" + SILENT);
            }
            throw e;
        } finally {
            deadline.cancel();
        }
    }

    /** Silence proves nothing about who listens: only an answer of another kind says "not an sdbench peer". */
    private static final String SILENT = " (a hung process, or no sdbench listener at that port?)";

    private static Frame expect(FrameIO io, String what, FrameType type, int timeout) throws IOException {
        Frame f;
        try {
            f = io.read(timeout, Frame.PRE_AUTH_BYTES);
        } catch (SocketTimeoutException e) {
            throw new WireException(what + " did not answer the sdbench handshake within " + timeout + " ms" + SILENT);
        } catch (EOFException e) {
            throw new Cut(what + " closed the connection during the handshake: " + SHED);
        }
        if (f.type() == FrameType.REFUSED) {
            String why = Control.Error.decode(f.body()).message();
            if (why.equals(SHED)) {
                throw new Cut(what + " refused the connection: " + SHED);
            }
            throw new PeerRefused(what + " refused the connection: " + PeerText.escape(why, Limits.TEXT_BYTES));
        }
        if (f.type() != type) {
            throw new WireException(what + " is not an sdbench peer (frame type " + f.type() + ")");
        }
        return f;
    }

    /** What a listener holds a handshake to, and where its refusals go. */
    record ServerSide(Token token, long deadlineMillis, RoleSlots slots, LogLimiter log) {}

    /** The log kind of every refusal before authentication: one budget, one count. */
    static final String REFUSED = "refused handshakes";

    /**
     * Server side; the role the client proved (its slot taken), or null after refusing it (reason
     * sent and logged). The connection is closed at the deadline whatever the client sends meanwhile.
     */
    static String server(FrameIO io, ServerSide side, PendingHandshakes.Pending pending) throws IOException {
        Liveness.Deadline deadline = Liveness.deadline(io, side.deadlineMillis());
        try {
            return serverSteps(io, side, pending);
        } catch (IOException | WireException e) {
            // Each watchdog marks itself before it closes the socket: the cause is read, not guessed.
            String why = pending.shed()
                    ? "shed: newer connections needed its place among the pending handshakes"
                    : deadline.expired()
                            ? "handshake not finished within " + side.deadlineMillis() + " ms"
                            : "no valid sdbench handshake (" + describe(e) + ")";
            side.log().log(REFUSED, "refused " + io.peer() + ": " + why);
            return null;
        } finally {
            deadline.cancel();
        }
    }

    /** What went wrong with a handshake, in words: an exception's message may be null. */
    static String describe(Exception e) {
        if (e instanceof EOFException) {
            return "the peer closed the connection before the handshake ended";
        }
        if (e instanceof SocketTimeoutException) {
            return "the peer sent nothing in time";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : PeerText.escape(m, 200);
    }

    private static String serverSteps(FrameIO io, ServerSide side, PendingHandshakes.Pending pending)
            throws IOException {
        int timeout = (int) side.deadlineMillis();
        Frame f = io.read(timeout, Frame.PRE_AUTH_BYTES);
        if (f.type() != FrameType.HELLO || f.body().length < 8 || new WireIn(f.body()).i32() != MAGIC) {
            side.log().log(REFUSED, "refused " + io.peer() + ": not an sdbench peer");
            return null;
        }
        Hello hello;
        try {
            hello = Hello.decode(f.body());
        } catch (WireException e) {
            // An older peer's hello has another shape: tell it which version this one runs.
            return refuse(
                    io,
                    side,
                    "peer at " + io.peer(),
                    "this peer runs sdbench " + version() + " (wire " + WIRE_VERSION
                            + "), yours sent a hello it does not understand: run the same sdbench version on every tier");
        }
        String role = PeerText.escape(hello.role());
        if (hello.wire() != WIRE_VERSION || !hello.version().equals(version())) {
            String theirs = PeerText.escape(hello.version());
            return refuse(
                    io,
                    side,
                    role + " at " + io.peer() + ": sdbench " + theirs + " (wire " + hello.wire() + ")",
                    "this peer runs sdbench " + version() + " (wire " + WIRE_VERSION + "), yours is " + theirs
                            + " (wire " + hello.wire() + "): run the same sdbench version on every tier");
        }
        if (!Role.valid(hello.role())) {
            return refuse(
                    io,
                    side,
                    "peer at " + io.peer() + " announcing role '" + role + "'",
                    "unknown role '" + role + "': driver, central or appserver-N (1 to 99)");
        }
        byte[] mine = challenge();
        io.write(FrameType.CHALLENGE, 0, new Proof(version(), mine).encode());
        Frame auth = io.read(timeout, Frame.PRE_AUTH_BYTES);
        byte[] proof = auth.type() == FrameType.AUTH ? Proof.decode(auth.body()).bytes() : new byte[0];
        if (hello.challenge().length != CHALLENGE_BYTES
                || !side.token().verify(mine, hello.challenge(), Token.CLIENT + hello.role(), proof)) {
            return refuse(
                    io,
                    side,
                    "unauthenticated " + role + " at " + io.peer(),
                    "authentication failed: wrong or missing token");
        }
        if (!pending.proven()) {
            // Shed a moment before its proof arrived: its connection is being closed with the reason.
            return null;
        }
        if (!side.slots().take(hello.role())) {
            return refuse(
                    io,
                    side,
                    role + " at " + io.peer() + ": it already holds "
                            + side.slots().perRole() + " connections",
                    role + " already holds " + side.slots().perRole()
                            + " connections to this peer, the most one role may: close one first");
        }
        try {
            io.write(
                    FrameType.WELCOME,
                    0,
                    new Proof(version(), side.token().prove(hello.challenge(), mine, Token.SERVER + hello.role()))
                            .encode());
        } catch (IOException e) {
            side.slots().give(hello.role());
            throw e;
        }
        return hello.role();
    }

    private static String refuse(FrameIO io, ServerSide side, String who, String why) throws IOException {
        side.log().log(REFUSED, "refused " + who);
        io.write(FrameType.REFUSED, 0, new Control.Error(why).encode());
        return null;
    }
}
