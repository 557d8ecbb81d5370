package org.sdbench.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sdbench.config.HostAndPort;
import org.sdbench.core.Clock;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Dialer;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireClient;
import org.sdbench.protocol.wire.WireOut;

/** The central services refuse what a peer may not do or may not size, and go on serving it. */
class CentralServicesWireTest {
    private final Token token = Token.random();
    private final List<String> log = new CopyOnWriteArrayList<>();

    private WireClient connect(CentralServices c, String role) {
        return WireClient.connect(
                Wire.DEFAULTS,
                Dialer.Hop.APP_TO_CENTRAL,
                new HostAndPort("127.0.0.1", c.port()),
                role,
                token,
                Duration.ofSeconds(5),
                "central services");
    }

    private static Frame send(WireClient c, FrameType type, byte[] body) throws Exception {
        return c.send(type, body).get(10, TimeUnit.SECONDS);
    }

    @Test
    void register_otherInstanceNumberThanTheRole_refusedAndNotRouted() throws Exception {
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient app = connect(central, "appserver-1")) {
            Frame f = send(
                    app, FrameType.REGISTER, new CentralMessages.Instance(2, new HostAndPort("127.0.0.1", 9)).encode());
            assertEquals(FrameType.ERROR, f.type());
            assertTrue(central.messageServer().instances().isEmpty());
            assertEquals(
                    FrameType.OK,
                    send(
                                    app,
                                    FrameType.REGISTER,
                                    new CentralMessages.Instance(1, new HostAndPort("127.0.0.1", 9)).encode())
                            .type());
            assertEquals(1, central.messageServer().instances().size());
        }
    }

    @Test
    void ping_hugeOrNegativeReplySize_errorReplyAndTheConnectionGoesOn() throws Exception {
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient driver = connect(central, "driver")) {
            for (int size : new int[] {1 << 30, -1, Integer.MIN_VALUE}) {
                Frame f = send(
                        driver,
                        FrameType.PING,
                        new WireOut().i32(size).bytes(new byte[0]).toBytes());
                assertEquals(FrameType.ERROR, f.type(), "size " + size);
                assertTrue(Control.Error.decode(f.body()).message().contains("ping.replyBytes"));
            }
            Frame ok = send(driver, FrameType.PING, new Control.Ping(1200, 0).encode());
            assertEquals(1200, Control.Ping.pongBytes(ok.body()));
        }
    }

    @Test
    void releaseAll_fromADriver_refusedAndNoLockReleased() throws Exception {
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient app = connect(central, "appserver-1");
                WireClient driver = connect(central, "driver")) {
            var granted = send(app, FrameType.ENQ_LOCK, new CentralMessages.Lock("user:1", "VBAK", "1", 0).encode());
            assertTrue(CentralMessages.LockReply.decode(granted.body(), 2).granted());
            assertEquals(
                    FrameType.ERROR,
                    send(driver, FrameType.ENQ_RELEASE_ALL, new CentralMessages.ReleaseAll("user:1").encode())
                            .type());
            assertEquals(
                    FrameType.ERROR,
                    send(driver, FrameType.ENQ_TRANSFER, new CentralMessages.Transfer("user:1", "x").encode())
                            .type());
            var conflict = send(app, FrameType.ENQ_LOCK, new CentralMessages.Lock("user:2", "VBAK", "1", 0).encode());
            assertTrue(!CentralMessages.LockReply.decode(conflict.body(), 2).granted(), "user 1 still holds its lock");
        }
    }

    private static Frame register(WireClient app, int number) throws Exception {
        return send(
                app,
                FrameType.REGISTER,
                new CentralMessages.Instance(number, new HostAndPort("127.0.0.1", 9)).encode());
    }

    private static boolean lock(WireClient app, String owner, String key) throws Exception {
        var f = send(app, FrameType.ENQ_LOCK, new CentralMessages.Lock(owner, "VBAK", key, 0).encode());
        return f.type() == FrameType.ENQ_LOCK_REPLY
                && CentralMessages.LockReply.decode(f.body(), 2).granted();
    }

    /** An instance acts only on its own lock owners, until the message server no longer lists their instance. */
    @Test
    void releaseAllAndTransfer_ofAnotherLiveInstancesLocks_refusedUntilItIsGone() throws Exception {
        CountDownLatch left = new CountDownLatch(1);
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, line -> {
                            log.add(line);
                            if (line.contains("instance 7") && line.contains("left the logon group")) {
                                left.countDown();
                            }
                        });
                WireClient eight = connect(central, "appserver-8")) {
            WireClient seven = connect(central, "appserver-7");
            assertEquals(FrameType.OK, register(seven, 7).type());
            assertEquals(FrameType.OK, register(eight, 8).type());
            assertTrue(lock(seven, "user:5", "1"));
            var release = send(eight, FrameType.ENQ_RELEASE_ALL, new CentralMessages.ReleaseAll("user:5").encode());
            assertEquals(FrameType.ERROR, release.type());
            assertTrue(Control.Error.decode(release.body()).message().contains("belongs to app-server instance 7"));
            assertEquals(
                    FrameType.ERROR,
                    send(eight, FrameType.ENQ_TRANSFER, new CentralMessages.Transfer("user:5", "upd:x").encode())
                            .type());
            assertEquals(
                    FrameType.ERROR,
                    send(eight, FrameType.ENQ_TRANSFER, new CentralMessages.Transfer("user:9", "user:5").encode())
                            .type(),
                    "nor can it hand its own locks to another instance's owner");
            assertEquals(
                    FrameType.ERROR,
                    send(eight, FrameType.ENQ_LOCK, new CentralMessages.Lock("user:5", "VBAK", "2", 0).encode())
                            .type());
            assertTrue(!lock(eight, "user:6", "1"), "instance 7's lock still holds");
            // Its own locks it moves freely: a session's locks to its update request, then released.
            assertEquals(
                    1,
                    Control.Count.decode(send(
                                            seven,
                                            FrameType.ENQ_TRANSFER,
                                            new CentralMessages.Transfer("user:5", "upd:a").encode())
                                    .body())
                            .n());
            seven.close();
            assertTrue(left.await(10, TimeUnit.SECONDS));
            // Instance 7 is gone: its update request's locks are handed to whoever adopts them.
            assertEquals(
                    1,
                    Control.Count.decode(send(
                                            eight,
                                            FrameType.ENQ_RELEASE_ALL,
                                            new CentralMessages.ReleaseAll("upd:a").encode())
                                    .body())
                            .n());
            assertTrue(lock(eight, "user:6", "1"));
        }
    }

    @Test
    void instances_fromAnAppServer_listed() throws Exception {
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient app = connect(central, "appserver-3")) {
            register(app, 3);
            var listed = CentralMessages.Instances.decode(
                    send(app, FrameType.INSTANCES, Control.EMPTY).body());
            assertEquals(3, listed.all().get(0).number());
        }
    }
}
