package org.sdbench.central;

import java.util.Optional;
import org.sdbench.protocol.enqueue.EnqueueStats;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.enqueue.LockResult;
import org.sdbench.core.Clock;
import org.sdbench.protocol.wire.Address;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.WireException;
import org.sdbench.protocol.wire.WireIn;
import org.sdbench.protocol.wire.WireOut;
import org.sdbench.protocol.wire.WireServer;

/**
 * The central services process of a three-tier system: the message server (instance registry,
 * logon balancing) and the enqueue server (the system's one lock table), on one listener.
 */
public final class CentralServices implements WireServer.Handler, AutoCloseable {
    private final MessageServer messages = new MessageServer();
    private final EnqueueServer enqueue;
    private final java.util.function.Consumer<String> log;
    private WireServer server;

    private CentralServices(Clock clock, java.util.function.Consumer<String> log) {
        this.enqueue = new EnqueueServer(clock);
        this.log = log;
    }

    /** Listens on {@code host:port} (0: any free port). */
    public static CentralServices start(String host, int port, Token token, Clock clock,
                                        java.util.function.Consumer<String> log) {
        CentralServices c = new CentralServices(clock, log);
        c.server = WireServer.start(host, port, token, c, log, "central services");
        return c;
    }

    public int port() {
        return server.port();
    }

    public MessageServer messageServer() {
        return messages;
    }

    @Override
    public void handle(WireServer.Connection c, Frame f) {
        try {
            switch (f.type()) {
                case FrameType.ENQ_LOCK -> lock(c, f);
                case FrameType.ENQ_RELEASE_ALL -> {
                    int n = enqueue.releaseAll(new LockOwner(f.in().str()));
                    c.reply(f, FrameType.OK, new WireOut().i32(n).toBytes());
                }
                case FrameType.ENQ_TRANSFER -> {
                    WireIn in = f.in();
                    int n = enqueue.transfer(new LockOwner(in.str()), new LockOwner(in.str()));
                    c.reply(f, FrameType.OK, new WireOut().i32(n).toBytes());
                }
                case FrameType.REGISTER -> register(c, f);
                case FrameType.ROUTE -> route(c, f);
                case FrameType.INSTANCES -> {
                    var all = messages.instances();
                    WireOut o = new WireOut().i32(all.size());
                    all.forEach(i -> o.i32(i.number()).str(i.address().host()).i32(i.address().port()));
                    c.reply(f, FrameType.INSTANCES_REPLY, o.toBytes());
                }
                case FrameType.STATS -> {
                    EnqueueStats s = enqueue.stats();
                    WireOut o = new WireOut().i64(s.requests()).i64(s.conflicts()).i64(s.lockNs()).i32(s.entries());
                    c.reply(f, FrameType.STATS_REPLY, ProcessInfo.current("central").write(o).toBytes());
                }
                case FrameType.PING -> c.reply(f, FrameType.PONG, new WireOut().bytes(new byte[f.in().i32()]).toBytes());
                default -> c.error(f, "central services do not serve frame type " + f.type());
            }
        } catch (WireException | IllegalArgumentException e) {
            c.error(f, e.getMessage());
        }
    }

    private void lock(WireServer.Connection c, Frame f) {
        WireIn in = f.in();
        LockOwner owner = new LockOwner(in.str());
        String object = in.str();
        String key = in.str();
        LockMode mode = LockMode.values()[in.u8() % LockMode.values().length];
        LockResult r = enqueue.lock(owner, object, key, mode);
        WireOut o = new WireOut();
        if (r instanceof LockResult.Conflict conflict) {
            o.u8(0).str(conflict.holder().id()).u8(conflict.heldMode().ordinal());
        } else {
            o.u8(1);
        }
        c.reply(f, FrameType.ENQ_LOCK_REPLY, o.toBytes());
    }

    private void register(WireServer.Connection c, Frame f) {
        WireIn in = f.in();
        var i = new MessageServer.Instance(in.i32(), new Address(in.str(), in.i32()));
        if (!messages.register(i)) {
            c.error(f, "app-server instance " + i.number() + " is already registered: give each instance its own number");
            return;
        }
        c.attach(i);
        log.accept("instance " + i.number() + " registered at " + i.address());
        c.reply(f, FrameType.OK, new byte[0]);
    }

    private void route(WireServer.Connection c, Frame f) {
        Optional<MessageServer.Instance> i = messages.route();
        if (i.isEmpty()) {
            c.error(f, "no app-server instance is registered with the message server");
            return;
        }
        var a = i.get();
        c.reply(f, FrameType.ROUTE_REPLY, new WireOut().i32(a.number()).str(a.address().host()).i32(a.address().port()).toBytes());
    }

    @Override
    public void closed(WireServer.Connection c) {
        if (c.attachment() instanceof MessageServer.Instance i) {
            messages.deregister(i);
            log.accept("instance " + i.number() + " at " + i.address() + " left the logon group");
        }
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}
