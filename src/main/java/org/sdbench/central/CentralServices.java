package org.sdbench.central;

import java.util.Optional;
import java.util.function.Consumer;
import org.sdbench.core.Clock;
import org.sdbench.protocol.enqueue.EnqueueStats;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.enqueue.LockResult;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.Roles;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireException;
import org.sdbench.protocol.wire.WireServer;

/**
 * The central services process of a three-tier system: the message server (instance registry,
 * logon balancing) and the enqueue server (the system's one lock table), on one listener.
 */
public final class CentralServices implements WireServer.Handler, AutoCloseable {
    private final MessageServer messages = new MessageServer();
    private final EnqueueServer enqueue;
    private final Consumer<String> log;
    private final LockOwners owners = new LockOwners(this::registered);
    private WireServer server;

    private CentralServices(Clock clock, Consumer<String> log) {
        this.enqueue = new EnqueueServer(clock);
        this.log = log;
    }

    /** Listens on {@code host:port} (0: any free port). */
    public static CentralServices start(
            Wire wire, String host, int port, Token token, Clock clock, Consumer<String> log) {
        CentralServices c = new CentralServices(clock, log);
        c.server = WireServer.start(wire, host, port, token, c, log, "central services");
        return c;
    }

    public int port() {
        return server.port();
    }

    private boolean registered(int instance) {
        return messages.instances().stream().anyMatch(i -> i.number() == instance);
    }

    public MessageServer messageServer() {
        return messages;
    }

    @Override
    public void handle(WireServer.Connection c, Frame f) {
        try {
            switch (f.type()) {
                case FrameType.ENQ_LOCK -> lock(c, f);
                case FrameType.ENQ_RELEASE_ALL -> releaseAll(c, f);
                case FrameType.ENQ_TRANSFER -> transfer(c, f);
                case FrameType.REGISTER -> register(c, f);
                case FrameType.ROUTE -> route(c, f);
                case FrameType.INSTANCES -> {
                    Control.empty(f.body());
                    var all = messages.instances().stream()
                            .map(i -> new CentralMessages.Instance(i.number(), i.address()))
                            .toList();
                    c.reply(f, new CentralMessages.Instances(all).encode());
                }
                case FrameType.STATS -> {
                    Control.empty(f.body());
                    EnqueueStats s = enqueue.stats();
                    c.reply(
                            f,
                            new CentralMessages.Stats(
                                            s.requests(),
                                            s.conflicts(),
                                            s.lockNs(),
                                            s.entries(),
                                            ProcessInfo.current("central"))
                                    .encode());
                }
                case FrameType.PING -> c.reply(f, Control.Ping.decode(f.body()).pong());
                default -> c.error(f, "central services do not serve frame type " + f.type());
            }
        } catch (WireException | IllegalArgumentException e) {
            c.error(f, e.getMessage());
        }
    }

    /** The instance an app-server connection speaks for: the number its handshake proved. */
    private static int instance(WireServer.Connection c) {
        return Roles.instance(c.role());
    }

    private void lock(WireServer.Connection c, Frame f) {
        var l = CentralMessages.Lock.decode(f.body(), LockMode.values().length);
        int i = instance(c);
        LockResult r;
        synchronized (owners) {
            owners.check(i, l.owner());
            r = enqueue.lock(new LockOwner(l.owner()), l.object(), l.key(), LockMode.values()[l.mode()]);
            if (r.granted()) {
                owners.own(i, l.owner());
            }
        }
        var reply = r instanceof LockResult.Conflict conflict
                ? new CentralMessages.LockReply(
                        false, conflict.holder().id(), conflict.heldMode().ordinal())
                : CentralMessages.LockReply.GRANTED;
        c.reply(f, reply.encode());
    }

    private void releaseAll(WireServer.Connection c, Frame f) {
        String owner = CentralMessages.ReleaseAll.decode(f.body()).owner();
        int n;
        synchronized (owners) {
            owners.check(instance(c), owner);
            n = enqueue.releaseAll(new LockOwner(owner));
            owners.forget(owner);
        }
        c.reply(f, new Control.Count(n).encode());
    }

    private void transfer(WireServer.Connection c, Frame f) {
        var t = CentralMessages.Transfer.decode(f.body());
        int i = instance(c);
        int n;
        synchronized (owners) {
            owners.check(i, t.from());
            owners.check(i, t.to());
            n = enqueue.transfer(new LockOwner(t.from()), new LockOwner(t.to()));
            if (n > 0) {
                owners.forget(t.from());
                owners.own(i, t.to());
            }
        }
        c.reply(f, new Control.Count(n).encode());
    }

    private void register(WireServer.Connection c, Frame f) {
        var r = CentralMessages.Instance.decode(f.body());
        if (Roles.instance(c.role()) != r.number()) {
            log.accept("refused REGISTER of instance " + r.number() + " from " + c.role() + " at " + c.peer());
            c.error(f, c.role() + " may register only its own instance number, not " + r.number());
            return;
        }
        var i = new MessageServer.Instance(r.number(), r.address());
        if (!messages.register(i)) {
            c.error(
                    f,
                    "app-server instance " + i.number() + " is already registered: give each instance its own number");
            return;
        }
        c.attach(i);
        log.accept("instance " + i.number() + " registered at " + i.address());
        c.reply(f, Control.EMPTY);
    }

    private void route(WireServer.Connection c, Frame f) {
        Control.empty(f.body());
        Optional<MessageServer.Instance> i = messages.route();
        if (i.isEmpty()) {
            c.error(f, "no app-server instance is registered with the message server");
            return;
        }
        var a = i.get();
        c.reply(f, new CentralMessages.Instance(a.number(), a.address()).encode());
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
