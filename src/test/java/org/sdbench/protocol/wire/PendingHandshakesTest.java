package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Who is shed when the pending handshakes are full: the oldest with nothing waiting, of the
 * newcomer's source first, whatever it sent before; a peer that proved the token is out of reach.
 */
class PendingHandshakesTest {
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    /** A pending handshake on a real connection whose client sends nothing. */
    private PendingHandshakes.Pending pending(ServerSocket listener, String source) throws Exception {
        Socket client = new Socket(InetAddress.getLoopbackAddress(), listener.getLocalPort());
        open.add(client);
        FrameIO io = new FrameIO(listener.accept());
        open.add(io);
        return new PendingHandshakes.Pending(InetAddress.getByName(source), io);
    }

    @Test
    void admit_sourceFull_shedsItsOldest() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            PendingHandshakes p = new PendingHandshakes(3, 2);
            var first = pending(listener, "10.0.0.1");
            var second = pending(listener, "10.0.0.1");
            var third = pending(listener, "10.0.0.1");
            assertTrue(p.admit(first).isEmpty());
            assertTrue(p.admit(second).isEmpty());
            assertEquals(List.of(first), p.admit(third));
            assertTrue(first.shed(), "marked before anybody closes it");
            assertFalse(second.shed());
        }
    }

    @Test
    void admit_listenerFull_shedsTheOldestOfAnySourceButNeverAProvenOne() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            PendingHandshakes p = new PendingHandshakes(3, 2);
            var a = pending(listener, "10.0.0.1");
            var b = pending(listener, "10.0.0.2");
            var c = pending(listener, "10.0.0.3");
            p.admit(a);
            p.admit(b);
            p.admit(c);
            assertTrue(a.proven());
            assertEquals(2, p.size(), "a proven peer is no longer pending");
            var d = pending(listener, "10.0.0.4");
            assertTrue(p.admit(d).isEmpty(), "room again");
            var e = pending(listener, "10.0.0.5");
            assertEquals(List.of(b), p.admit(e));
            assertFalse(b.proven(), "shed before its proof came: it stays shed");
            assertFalse(a.shed());
            p.done(c);
            assertEquals(2, p.size());
        }
    }
}
