package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WireClientTest {
    private static final Token TOKEN = Token.random();

    /**
     * Senders queued on the write lock leave the flush to the last of them: a frame left in the
     * buffer would show here as a call without a reply (bounded: the test fails, never hangs).
     */
    @Test
    void call_manyConcurrentCallersOnOneConnection_everyCallGetsItsOwnReply() throws Exception {
        int callers = 64;
        int calls = 300;
        try (WireServer s = WireServer.start("127.0.0.1", 0, TOKEN, (c, f) -> c.reply(f, FrameType.PONG, f.body()),
                line -> { }, "echo");
             WireClient client = WireClient.connect(Dialer.Hop.DRIVER_TO_APP, new Address("127.0.0.1", s.port()), "driver",
                     TOKEN, Duration.ofSeconds(5), "echo");
             ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Integer>> done = new ArrayList<>();
            for (int u = 0; u < callers; u++) {
                int caller = u;
                done.add(pool.submit(() -> {
                    int ok = 0;
                    for (int i = 0; i < calls; i++) {
                        byte[] body = new WireOut().i32(caller).i32(i).toBytes();
                        Frame reply = client.call(FrameType.PING, body, Duration.ofSeconds(10));
                        assertArrayEquals(body, reply.body());
                        ok++;
                    }
                    return ok;
                }));
            }
            int total = 0;
            for (Future<Integer> f : done) {
                total += f.get(60, TimeUnit.SECONDS);
            }
            assertEquals(callers * calls, total);
        }
    }
}
