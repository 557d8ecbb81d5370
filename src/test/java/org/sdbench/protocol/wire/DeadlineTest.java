package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/**
 * A deadline decides that it expired before it closes the connection, so a read that fails on the
 * closed socket always finds the deadline expired: the error names the deadline, not a "Socket is
 * closed" that depended on which thread ran first.
 */
class DeadlineTest {
    @Test
    void deadline_readFailsOnItsClose_alwaysSeesItExpired() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            for (int i = 0; i < 30; i++) {
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), silent.getLocalPort());
                        FrameIO io = new FrameIO(s)) {
                    Liveness.Deadline d = Liveness.deadline(io, 5);
                    assertThrows(IOException.class, () -> io.read(10_000, Frame.PRE_AUTH_BYTES));
                    assertTrue(d.expired(), "attempt " + i + ": the read failed before the deadline said it expired");
                }
            }
        }
    }

    @Test
    void deadline_cancelledInTime_neverExpires() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket s = new Socket(InetAddress.getLoopbackAddress(), silent.getLocalPort());
                FrameIO io = new FrameIO(s)) {
            Liveness.Deadline d = Liveness.deadline(io, 60_000);
            d.cancel();
            assertFalse(d.expired());
        }
    }
}
