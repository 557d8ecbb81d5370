package org.sdbench.network;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The niping protocol. Hello: magic, protocol version, token length and token; the server answers one
 * status byte (and its version text when refusing). Then each exchange is {@code int requestBytes},
 * {@code int replyBytes}, the request's bytes; the server answers with {@code replyBytes} bytes. A
 * request of 0 bytes ends the session.
 */
final class NipingWire {
    static final long MAGIC = 0x5344_4e49_5049_4e47L; // "SDNIPING"
    static final int VERSION = 1;
    static final byte OK = 0;
    static final byte REFUSED_TOKEN = 1;
    static final byte REFUSED_VERSION = 2;
    /** Largest request or reply a server accepts: bounds its memory per client. */
    static final int MAX_MESSAGE = 1 << 20;

    static final int MAX_TOKEN = 4096;

    private NipingWire() {}

    static void hello(DataOutputStream out, byte[] token) throws IOException {
        out.writeLong(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(token.length);
        out.write(token);
        out.flush();
    }

    static void refuse(DataOutputStream out, byte status, String why) throws IOException {
        out.writeByte(status);
        out.writeUTF(why);
        out.flush();
    }

    static String readRefusal(DataInputStream in) throws IOException {
        return in.readUTF();
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
