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

/** Who is shed when the pending handshakes are full: the oldest silent one, of the newcomer's source first. */
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
    void admit_sourceFull_shedsItsOldestSilentOneNotOneThatSpoke() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            PendingHandshakes p = new PendingHandshakes(3, 2);
            var first = pending(listener, "10.0.0.1");
            var spoke = pending(listener, "10.0.0.1");
            var third = pending(listener, "10.0.0.1");
            first.spoke();
            assertTrue(p.admit(first).isEmpty());
            assertTrue(p.admit(spoke).isEmpty());
            spoke.spoke();
            // first and spoke both spoke: the source's oldest goes.
            assertEquals(List.of(first), p.admit(third));
            assertTrue(first.shed(), "marked before anybody closes it");
            var fourth = pending(listener, "10.0.0.1");
            assertEquals(List.of(third), p.admit(fourth), "the silent one goes before the older one that spoke");
            assertFalse(spoke.shed());
        }
    }

    @Test
    void admit_listenerFull_shedsTheOldestSilentOneOfAnySource() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            PendingHandshakes p = new PendingHandshakes(3, 2);
            var a = pending(listener, "10.0.0.1");
            var b = pending(listener, "10.0.0.2");
            var c = pending(listener, "10.0.0.3");
            a.spoke();
            p.admit(a);
            p.admit(b);
            p.admit(c);
            var d = pending(listener, "10.0.0.4");
            assertEquals(List.of(b), p.admit(d));
            assertEquals(3, p.size());
            p.done(a);
            assertEquals(2, p.size());
        }
    }
}
