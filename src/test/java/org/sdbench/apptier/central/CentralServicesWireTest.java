package org.sdbench.apptier.central;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sdbench.core.Clock;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
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

    @Test
    void register_otherInstanceNumberThanTheRole_refusedAndNotRouted() throws Exception {
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient app = CentralPeers.connect(central, token, "appserver-1");
                IdentityListener one = new IdentityListener(token, 1);
                IdentityListener two = new IdentityListener(token, 2)) {
            Frame f = CentralPeers.send(app, FrameType.REGISTER, two.register());
            assertEquals(FrameType.ERROR, f.type());
            assertTrue(central.messageServer().instances().isEmpty());
            assertEquals(
                    FrameType.OK,
                    CentralPeers.send(app, FrameType.REGISTER, one.register()).type());
            assertEquals(1, central.messageServer().instances().size());
        }
    }

    @Test
    void ping_hugeOrNegativeReplySize_errorReplyAndTheConnectionGoesOn() throws Exception {
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient driver = CentralPeers.connect(central, token, "driver")) {
            for (int size : new int[] {1 << 30, -1, Integer.MIN_VALUE}) {
                Frame f = CentralPeers.send(
                        driver,
                        FrameType.PING,
                        new WireOut().i32(size).bytes(new byte[0]).toBytes());
                assertEquals(FrameType.ERROR, f.type(), "size " + size);
                assertTrue(Control.Error.decode(f.body()).message().contains("ping.replyBytes"));
            }
            Frame ok = CentralPeers.send(driver, FrameType.PING, new Control.Ping(1200, 0).encode());
            assertEquals(1200, Control.Ping.pongBytes(ok.body()));
        }
    }

    @Test
    void releaseAll_fromADriver_refusedAndNoLockReleased() throws Exception {
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient app = CentralPeers.connect(central, token, "appserver-1");
                WireClient driver = CentralPeers.connect(central, token, "driver")) {
            var granted = CentralPeers.send(
                    app, FrameType.ENQ_LOCK, new CentralMessages.Lock("user:1-r-1", "VBAK", "1", 0).encode());
            assertTrue(CentralMessages.LockReply.decode(granted.body(), 2).granted());
            assertEquals(
                    FrameType.ERROR,
                    CentralPeers.send(
                                    driver,
                                    FrameType.ENQ_RELEASE_ALL,
                                    new CentralMessages.ReleaseAll("user:1-r-1").encode())
                            .type());
            assertEquals(
                    FrameType.ERROR,
                    CentralPeers.send(
                                    driver,
                                    FrameType.ENQ_TRANSFER,
                                    new CentralMessages.Transfer("user:1-r-1", "x").encode())
                            .type());
            var conflict = CentralPeers.send(
                    app, FrameType.ENQ_LOCK, new CentralMessages.Lock("user:1-r-2", "VBAK", "1", 0).encode());
            assertTrue(!CentralMessages.LockReply.decode(conflict.body(), 2).granted(), "user 1 still holds its lock");
        }
    }

    private static Frame register(WireClient app, IdentityListener listening) throws Exception {
        return CentralPeers.send(app, FrameType.REGISTER, listening.register());
    }

    /**
     * An instance acts only on its own lock owners, until the message server no longer lists their
     * instance; then its dialog sessions' locks are gone with it and its update requests' pass on.
     */
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
                WireClient eight = CentralPeers.connect(central, token, "appserver-8");
                IdentityListener at7 = new IdentityListener(token, 7);
                IdentityListener at8 = new IdentityListener(token, 8)) {
            WireClient seven = CentralPeers.connect(central, token, "appserver-7");
            assertEquals(FrameType.OK, register(seven, at7).type());
            assertEquals(FrameType.OK, register(eight, at8).type());
            assertTrue(CentralPeers.lock(seven, "user:7-r-5", "1"));
            assertTrue(
                    CentralPeers.lock(seven, "user:7-r-9", "3"),
                    "a dialog session's lock, held when its instance goes");
            var release = CentralPeers.send(
                    eight, FrameType.ENQ_RELEASE_ALL, new CentralMessages.ReleaseAll("user:7-r-5").encode());
            assertEquals(FrameType.ERROR, release.type());
            assertTrue(Control.Error.decode(release.body()).message().contains("belongs to app-server instance 7"));
            assertEquals(
                    FrameType.ERROR,
                    CentralPeers.send(
                                    eight,
                                    FrameType.ENQ_TRANSFER,
                                    new CentralMessages.Transfer("user:7-r-5", "upd:8-r-x-1").encode())
                            .type());
            assertEquals(
                    FrameType.ERROR,
                    CentralPeers.send(
                                    eight,
                                    FrameType.ENQ_TRANSFER,
                                    new CentralMessages.Transfer("user:8-r-9", "user:7-r-5").encode())
                            .type(),
                    "nor can it hand its own locks to another instance's owner");
            assertEquals(
                    FrameType.ERROR,
                    CentralPeers.send(
                                    eight,
                                    FrameType.ENQ_LOCK,
                                    new CentralMessages.Lock("user:7-r-5", "VBAK", "2", 0).encode())
                            .type());
            assertTrue(!CentralPeers.lock(eight, "user:8-r-6", "1"), "instance 7's lock still holds");
            // Its own locks it moves freely: a session's locks to its update request, then released.
            assertEquals(
                    1,
                    Control.Count.decode(CentralPeers.send(
                                            seven,
                                            FrameType.ENQ_TRANSFER,
                                            new CentralMessages.Transfer("user:7-r-5", "upd:7-r-x-a").encode())
                                    .body())
                            .n());
            seven.close();
            assertTrue(left.await(10, TimeUnit.SECONDS));
            assertTrue(CentralPeers.lock(eight, "user:8-r-6", "3"), "the gone instance's dialog locks went with it");
            assertTrue(
                    !CentralPeers.lock(eight, "user:8-r-6", "1"),
                    "its update request's lock stays until it is adopted");
            // Instance 7 is gone: its update request's locks are handed to whoever adopts them.
            assertEquals(
                    1,
                    Control.Count.decode(CentralPeers.send(
                                            eight,
                                            FrameType.ENQ_RELEASE_ALL,
                                            new CentralMessages.ReleaseAll("upd:7-r-x-a").encode())
                                    .body())
                            .n());
            assertTrue(CentralPeers.lock(eight, "user:8-r-6", "1"));
        }
    }

    /**
     * Owner names are not free for anybody to take: one naming no instance, or another live one, is
     * refused before it locks anything (else a peer registered as instance 5 can hold user:1 to user:10 of a run).
     */
    @Test
    void lock_ownerOfAnotherLiveInstanceOrOfNone_refused() throws Exception {
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient one = CentralPeers.connect(central, token, "appserver-1");
                WireClient five = CentralPeers.connect(central, token, "appserver-5");
                IdentityListener at1 = new IdentityListener(token, 1);
                IdentityListener at5 = new IdentityListener(token, 5)) {
            assertEquals(FrameType.OK, register(one, at1).type());
            assertEquals(FrameType.OK, register(five, at5).type());
            for (String squatted : List.of("user:3", "upd:x", "user:1-r-3", "upd:1-r-x-1", "user:01-r-3")) {
                var f = CentralPeers.send(
                        five, FrameType.ENQ_LOCK, new CentralMessages.Lock(squatted, "VBAK", "1", 0).encode());
                assertEquals(FrameType.ERROR, f.type(), squatted);
            }
            assertTrue(CentralPeers.lock(one, "user:1-r-3", "1"), "the real owner's lock");
            assertTrue(CentralPeers.lock(five, "user:5-r-3", "2"), "its own owners it may use");
        }
    }

    @Test
    void instances_fromAnAppServer_listed() throws Exception {
        try (CentralServices central =
                        CentralServices.start(Wire.DEFAULTS, "127.0.0.1", 0, token, Clock.SYSTEM, log::add);
                WireClient app = CentralPeers.connect(central, token, "appserver-3");
                IdentityListener at3 = new IdentityListener(token, 3)) {
            register(app, at3);
            var listed = CentralMessages.Instances.decode(
                    CentralPeers.send(app, FrameType.INSTANCES, Control.EMPTY).body());
            assertEquals(3, listed.all().get(0).number());
        }
    }
}
