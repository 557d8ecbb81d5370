package org.sdbench.protocol.wire;

import java.io.IOException;
import java.security.SecureRandom;

/**
 * The first frames on every connection: both sides must run the same sdbench version and wire
 * version; when the server requires it, the client proves knowledge of the token (HMAC over a
 * fresh challenge, the token itself never sent).
 */
public final class Handshake {
    static final int MAGIC = 0x5D_BE_4C_01;
    public static final int WIRE_VERSION = 1;
    private static final int TIMEOUT_MS = 5_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Handshake() {
    }

    /** This build's version, as the jar manifest says ("dev" when run from classes). */
    public static String version() {
        String v = Handshake.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    /** Client side; throws {@link WireException} with the reason the server gave. */
    static void client(FrameIO io, String role, Token token, String what) throws IOException {
        io.write(FrameType.HELLO, 0, new WireOut().i32(MAGIC).i32(WIRE_VERSION).str(version()).str(role).toBytes());
        Frame f = expect(io, what);
        if (f.type() != FrameType.CHALLENGE) {
            throw new WireException(what + " is not an sdbench peer (frame type " + f.type() + ")");
        }
        WireIn in = f.in();
        boolean required = in.u8() == 1;
        byte[] challenge = in.bytes();
        if (required && token == null) {
            throw new WireException(what + " requires authentication: give the same token file (threeTier.tokenFile)");
        }
        io.write(FrameType.AUTH, 0, new WireOut().bytes(token == null ? new byte[0] : token.prove(challenge, role)).toBytes());
        Frame w = expect(io, what);
        if (w.type() != FrameType.WELCOME) {
            throw new WireException(what + " is not an sdbench peer (frame type " + w.type() + ")");
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
        byte[] challenge = new byte[32];
        RANDOM.nextBytes(challenge);
        io.write(FrameType.CHALLENGE, 0, new WireOut().u8(token == null ? 0 : 1).bytes(challenge).toBytes());
        Frame auth = io.read(TIMEOUT_MS);
        byte[] proof = auth.type() == FrameType.AUTH ? auth.in().bytes() : new byte[0];
        if (token != null && !token.verify(challenge, role, proof)) {
            log.accept("refused unauthenticated " + role + " at " + io.peer());
            io.write(FrameType.REFUSED, 0, new WireOut().str("authentication failed: wrong or missing token").toBytes());
            return null;
        }
        io.write(FrameType.WELCOME, 0, new WireOut().str(version()).toBytes());
        return role;
    }
}
