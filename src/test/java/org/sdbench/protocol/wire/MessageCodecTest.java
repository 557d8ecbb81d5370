package org.sdbench.protocol.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sdbench.config.HostAndPort;
import org.sdbench.core.SdStep;
import org.sdbench.protocol.InstanceFigures;
import org.sdbench.protocol.RunIdentity;

/** Every message's codec: what is encoded decodes to the same message; a field out of bounds is refused by name. */
class MessageCodecTest {
    private static final ProcessInfo PROCESS = new ProcessInfo("appserver-2", "host-a", 4242, "1.2.3", 987_654_321L, 8);

    @Test
    void handshake_roundTrip_sameMessages() {
        var hello = new Handshake.Hello(Handshake.MAGIC, 3, "1.2.3", "appserver-7", Handshake.challenge());
        var back = Handshake.Hello.decode(hello.encode());
        assertEquals(hello.role(), back.role());
        assertArrayEquals(hello.challenge(), back.challenge());
        var proof = new Handshake.Proof("1.2.3", new byte[32]);
        assertArrayEquals(proof.bytes(), Handshake.Proof.decode(proof.encode()).bytes());
        assertEquals(
                "no", Control.Error.decode(new Control.Error("no").encode()).message());
    }

    @Test
    void control_roundTrip_sameMessages() {
        var ping = new Control.Ping(1200, 392);
        assertEquals(ping, Control.Ping.decode(ping.encode()));
        assertEquals(1200, Control.Ping.pongBytes(ping.pong()));
        assertEquals(new Control.Count(17), Control.Count.decode(new Control.Count(17).encode()));
        assertEquals(new Control.Flag(true), Control.Flag.decode(new Control.Flag(true).encode()));
        Control.empty(Control.EMPTY);
    }

    @Test
    void appMessages_roundTrip_sameMessages() {
        assertEquals(new AppMessages.User(20), AppMessages.User.decode(new AppMessages.User(20).encode()));
        var step = new AppMessages.Step(5, SdStep.VA01_SAVE);
        assertEquals(step, AppMessages.Step.decode(step.encode()));
        assertEquals(new AppMessages.Adopt(2), AppMessages.Adopt.decode(new AppMessages.Adopt(2).encode()));
        assertEquals(new AppMessages.Shutdown(60), AppMessages.Shutdown.decode(new AppMessages.Shutdown(60).encode()));
        assertEquals(new AppMessages.Probe(50), AppMessages.Probe.decode(new AppMessages.Probe(50).encode()));
        var probe = new AppMessages.ProbeReply(
                new RoundTrips("appserver-1", "central", 50, 400, 1200, 0.1, 0.2, 0.3),
                new RoundTrips("appserver-1", "db", 50, 0, 0, 0.05, 0.06, 0.9));
        assertEquals(probe, AppMessages.ProbeReply.decode(probe.encode()));
        var settings = new AppMessages.RunSettings(
                new RunIdentity("k3x9a", "20250101-120000-three-tier", 1_735_729_200_000L),
                "run:\n  users: 20\n",
                "workload: {}\n");
        assertEquals(settings, AppMessages.RunSettings.decode(settings.encode()));
        var stats = new AppMessages.Stats(
                new UpdateInterval(new byte[] {1, 2, 3}, 1, 2, 3, 4, 5), figures(2, 9), 13, PROCESS);
        assertEquals(stats, AppMessages.Stats.decode(stats.encode()));
    }

    @Test
    void runRegisterAndIdentity_roundTrip_sameFields() {
        var run = new CentralMessages.Run(new RunIdentity("a1", "r", 5));
        assertEquals(run, CentralMessages.Run.decode(run.encode()));
        byte[] nonce = new byte[CentralMessages.NONCE_BYTES];
        nonce[3] = 7;
        var r = new CentralMessages.Register(2, new HostAndPort("10.0.0.2", 7302), nonce);
        var back = CentralMessages.Register.decode(r.encode());
        assertEquals(List.of(2, r.address()), List.of(back.number(), back.address()));
        assertArrayEquals(nonce, back.nonce());
        var id = CentralMessages.Identity.decode(new CentralMessages.Identity(2, nonce).encode());
        assertEquals(2, id.number());
        assertArrayEquals(nonce, id.nonce());
        // A run id a peer chose is checked like any field: no owner or key can be built from another shape.
        byte[] bad = new WireOut().str("A-B").str("r").i64(5).toBytes();
        assertThrows(WireException.class, () -> CentralMessages.Run.decode(bad));
    }

    @Test
    void centralMessages_roundTrip_sameMessages() {
        var i = new CentralMessages.Instance(3, new HostAndPort("10.0.0.3", 7301));
        assertEquals(i, CentralMessages.Instance.decode(i.encode()));
        var all = new CentralMessages.Instances(List.of(i, new CentralMessages.Instance(4, new HostAndPort("h4", 1))));
        assertEquals(all, CentralMessages.Instances.decode(all.encode()));
        var lock = new CentralMessages.Lock("user:5", "VBAK", "0000000001", 1);
        assertEquals(lock, CentralMessages.Lock.decode(lock.encode(), 2));
        var conflict = new CentralMessages.LockReply(false, "user:6", 1);
        assertEquals(conflict, CentralMessages.LockReply.decode(conflict.encode(), 2));
        assertEquals(
                CentralMessages.LockReply.GRANTED,
                CentralMessages.LockReply.decode(CentralMessages.LockReply.GRANTED.encode(), 2));
        var release = new CentralMessages.ReleaseAll("user:5");
        assertEquals(release, CentralMessages.ReleaseAll.decode(release.encode()));
        var transfer = new CentralMessages.Transfer("user:5", "update:9");
        assertEquals(transfer, CentralMessages.Transfer.decode(transfer.encode()));
        var stats = new CentralMessages.Stats(100, 3, 5_000, 7, PROCESS);
        assertEquals(stats, CentralMessages.Stats.decode(stats.encode()));
    }

    private static void refused(String field, Runnable decode) {
        var e = assertThrows(WireException.class, decode::run);
        assertTrue(e.getMessage().contains(field), e.getMessage());
    }

    @Test
    void decode_fieldsOutOfBounds_refusedNamingTheField() {
        refused(
                "ping.replyBytes",
                () -> Control.Ping.decode(
                        new WireOut().i32(1 << 30).bytes(new byte[0]).toBytes()));
        refused(
                "ping.replyBytes",
                () -> Control.Ping.decode(
                        new WireOut().i32(-1).bytes(new byte[0]).toBytes()));
        refused(
                "ping.padding",
                () -> Control.Ping.decode(new WireOut().i32(10).i32(-5).toBytes()));
        refused(
                "ping.padding",
                () -> Control.Ping.decode(
                        new WireOut().i32(10).i32(Integer.MAX_VALUE).toBytes()));
        refused(
                "probe.count",
                () -> AppMessages.Probe.decode(
                        new WireOut().i32(Integer.MAX_VALUE).toBytes()));
        refused(
                "probe.count",
                () -> AppMessages.Probe.decode(new WireOut().i32(-3).toBytes()));
        refused("user", () -> AppMessages.User.decode(new WireOut().i32(0).toBytes()));
        refused(
                "step",
                () -> AppMessages.Step.decode(new WireOut().i32(1).u8(200).toBytes()));
        refused(
                "shutdown.drainSeconds",
                () -> AppMessages.Shutdown.decode(new WireOut().i32(-1).toBytes()));
        refused(
                "adopt.instance",
                () -> AppMessages.Adopt.decode(new WireOut().i32(100).toBytes()));
        refused(
                "lock.mode",
                () -> CentralMessages.Lock.decode(new CentralMessages.Lock("o", "VBAK", "k", 9).encode(), 2));
        refused(
                "lock.owner",
                () -> CentralMessages.Lock.decode(
                        new WireOut().str("x".repeat(300)).toBytes(), 2));
        refused(
                "instances.count",
                () -> CentralMessages.Instances.decode(
                        new WireOut().i32(1_000_000).toBytes()));
        refused(
                "instance.port",
                () -> CentralMessages.Instance.decode(
                        new WireOut().i32(1).str("h").i32(70_000).toBytes()));
        refused("stats.enqueue.requests", () -> {
            byte[] b = new AppMessages.Stats(new UpdateInterval(new byte[0], 0, 0, 0, 0, 0), figures(1, -5), 0, PROCESS)
                    .encode();
            AppMessages.Stats.decode(b);
        });
        refused("stats.number", () -> {
            byte[] b = new AppMessages.Stats(
                            new UpdateInterval(new byte[0], 0, 0, 0, 0, 0), figures(100, 0), 0, PROCESS)
                    .encode();
            AppMessages.Stats.decode(b);
        });
        refused(
                "after its last field",
                () -> AppMessages.User.decode(new WireOut().i32(1).i32(2).toBytes()));
        refused("too short", () -> AppMessages.Adopt.decode(new byte[2]));
    }

    @Test
    void sender_everyRequestType_hasOneRoleAndRepliesHaveNone() {
        for (FrameType t : new FrameType[] {
            FrameType.LOGON,
            FrameType.STEP,
            FrameType.ABANDON,
            FrameType.LOGOFF,
            FrameType.STATS,
            FrameType.ADOPT,
            FrameType.SHUTDOWN,
            FrameType.PROBE,
            FrameType.RUN_SETTINGS,
            FrameType.ROUTE
        }) {
            assertTrue(t.sender().allows("driver") && !t.sender().allows("appserver-1"), "type " + t);
        }
        for (FrameType t : new FrameType[] {
            FrameType.REGISTER, FrameType.ENQ_LOCK, FrameType.ENQ_RELEASE_ALL, FrameType.ENQ_TRANSFER
        }) {
            assertTrue(t.sender().allows("appserver-12") && !t.sender().allows("driver"), "type " + t);
        }
        for (FrameType t : new FrameType[] {
            FrameType.HELLO,
            FrameType.CHALLENGE,
            FrameType.AUTH,
            FrameType.WELCOME,
            FrameType.REFUSED,
            FrameType.PONG,
            FrameType.OK,
            FrameType.ERROR,
            FrameType.STEP_RESULT,
            FrameType.STATS_REPLY,
            FrameType.PROBE_REPLY,
            FrameType.ROUTE_REPLY,
            FrameType.ENQ_LOCK_REPLY,
            FrameType.INSTANCES_REPLY
        }) {
            assertEquals(FrameType.Sender.NOBODY, t.sender(), "type " + t);
            assertThrows(IllegalArgumentException.class, t::reply, "type " + t);
        }
    }

    /** Every figure distinct, so a codec that swaps two fails the round trip. */
    private static InstanceFigures figures(int number, long enqueueRequests) {
        return new InstanceFigures(
                number,
                new InstanceFigures.Queues(1, 2),
                new InstanceFigures.NumberRangeFigures(3, 4, 5, 6),
                new InstanceFigures.BufferFigures(7, 8, 9, 10, 11, 12, 14),
                new InstanceFigures.EnqueueFigures(enqueueRequests, 15, 16),
                new InstanceFigures.UpdateWork(17, 18, 19, 20, 26),
                new InstanceFigures.Faults(21, 22, 23, 24),
                25,
                27);
    }

    @Test
    void reply_everyRequest_isAReplyTypeAndCodesAreUnique() {
        Set<Byte> codes = new HashSet<>();
        for (FrameType t : FrameType.values()) {
            assertTrue(codes.add(t.code()), "code of " + t);
            assertEquals(t, FrameType.of(t.code()).orElseThrow());
            if (t.isRequest() && t != FrameType.HEARTBEAT) {
                assertFalse(t.reply().isRequest(), t + " is answered by " + t.reply());
            }
        }
        assertTrue(FrameType.of((byte) 99).isEmpty());
        assertTrue(FrameType.of((byte) -1).isEmpty());
    }
}
