package org.sdbench.protocol.wire;

import java.io.IOException;
import java.security.SecureRandom;

/**
 * The first frames on every connection: both sides must run the same sdbench version and wire
 * version. With a token, authentication is mutual: the client proves the token over the server's
 * challenge, then the server proves it over the client's, so neither side serves nor talks to a
 * peer that does not know it. The token itself never crosses the wire.
 */
public final class Handshake {
    static final int MAGIC = 0x5D_BE_4C_01;
    /** 2: the client's challenge in HELLO and the server's proof in WELCOME (mutual authentication). */
    public static final int WIRE_VERSION = 2;
    static final int CHALLENGE_BYTES = 32;
    private static final int TIMEOUT_MS = 5_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Handshake() {
    }

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

    /**
     * Client side; throws {@link WireException} with the reason the server gave, or when a client
     * holding a token meets a server that cannot prove it (an impostor, or another system's token).
     */
    static void client(FrameIO io, String role, Token token, String what) throws IOException {
        byte[] mine = challenge();
        io.write(FrameType.HELLO, 0, new WireOut().i32(MAGIC).i32(WIRE_VERSION).str(version()).str(role).bytes(mine).toBytes());
        Frame f = expect(io, what);
        if (f.type() != FrameType.CHALLENGE) {
            throw new WireException(what + " is not an sdbench peer (frame type " + f.type() + ")");
        }
        WireIn in = f.in();
        boolean required = in.u8() == 1;
        byte[] theirs = in.bytes();
        if (required && token == null) {
            throw new WireException(what + " requires authentication: give the same token file (appServer.tokenFile)");
        }
        if (!required && token != null) {
            // An impostor would simply skip authentication: a client with a token insists on it.
            throw new WireException(what + " does not authenticate its peers although this process has a token: "
                    + "refused (not the expected sdbench peer, or it runs without appServer.tokenFile)");
        }
        byte[] proof = token == null ? new byte[0] : token.prove(theirs, mine, Token.CLIENT + role);
        io.write(FrameType.AUTH, 0, new WireOut().bytes(proof).toBytes());
        Frame w = expect(io, what);
        if (w.type() != FrameType.WELCOME) {
            throw new WireException(what + " is not an sdbench peer (frame type " + w.type() + ")");
        }
        WireIn welcome = w.in();
        welcome.str();
        if (token != null && !token.verify(mine, theirs, Token.SERVER + role, welcome.bytes())) {
            throw new WireException(what + " failed to prove the token: refused (an impostor, or a different token file)");
        }
    }

    private static Frame expect(FrameIO io, String what) throws IOException {
        Frame f;
        try {
            f = io.read(TIMEOUT_MS);
        } catch (java.net.SocketTimeoutException e) {
            throw new WireException(what + " did not answer the sdbench handshake within " + TIMEOUT_MS + " ms: not an sdbench peer?");
        } catch (java.io.EOFException e) {
            throw new WireException(what + " closed the connection during the handshake: not an sdbench peer?");
        }
        if (f.type() == FrameType.REFUSED) {
            throw new WireException(what + " refused the connection: " + f.in().str());
        }
        return f;
    }

    /** Server side; the role the client announced, or null after refusing it (reason already sent and logged). */
    static String server(FrameIO io, Token token, java.util.function.Consumer<String> log) throws IOException {
        Frame hello;
        try {
            hello = io.read(TIMEOUT_MS);
        } catch (WireException | java.net.SocketTimeoutException | java.io.EOFException e) {
            log.accept("refused " + io.peer() + ": no sdbench handshake");
            return null;
        }
        WireIn in = hello.in();
        if (hello.type() != FrameType.HELLO || hello.body().length < 8 || in.i32() != MAGIC) {
            log.accept("refused " + io.peer() + ": not an sdbench peer");
            return null;
        }
        int wire = in.i32();
        String version = in.str();
        String role = in.str();
        if (wire != WIRE_VERSION || !version.equals(version())) {
            String why = "this peer runs sdbench " + version() + " (wire " + WIRE_VERSION + "), yours is " + version
                    + " (wire " + wire + "): run the same sdbench version on every tier";
            log.accept("refused " + role + " at " + io.peer() + ": sdbench " + version + " (wire " + wire + ")");
            io.write(FrameType.REFUSED, 0, new WireOut().str(why).toBytes());
            return null;
        }
        byte[] theirs = in.bytes();
        byte[] mine = challenge();
        io.write(FrameType.CHALLENGE, 0, new WireOut().u8(token == null ? 0 : 1).bytes(mine).toBytes());
        Frame auth;
        try {
            auth = io.read(TIMEOUT_MS);
        } catch (WireException | java.net.SocketTimeoutException | java.io.EOFException e) {
            log.accept("refused " + role + " at " + io.peer() + ": no answer to the challenge");
            return null;
        }
        byte[] proof = auth.type() == FrameType.AUTH ? auth.in().bytes() : new byte[0];
        if (token != null && (theirs.length != CHALLENGE_BYTES || !token.verify(mine, theirs, Token.CLIENT + role, proof))) {
            log.accept("refused unauthenticated " + role + " at " + io.peer());
            io.write(FrameType.REFUSED, 0, new WireOut().str("authentication failed: wrong or missing token").toBytes());
            return null;
        }
        byte[] mineProof = token == null ? new byte[0] : token.prove(theirs, mine, Token.SERVER + role);
        io.write(FrameType.WELCOME, 0, new WireOut().str(version()).bytes(mineProof).toBytes());
        return role;
    }
}
