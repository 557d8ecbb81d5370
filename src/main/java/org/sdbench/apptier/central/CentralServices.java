package org.sdbench.apptier.central;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import org.sdbench.core.Clock;
import org.sdbench.protocol.Role;
import org.sdbench.protocol.enqueue.EnqueueStats;
import org.sdbench.protocol.enqueue.LockMode;
import org.sdbench.protocol.enqueue.LockOwner;
import org.sdbench.protocol.enqueue.LockResult;
import org.sdbench.protocol.wire.CentralMessages;
import org.sdbench.protocol.wire.Control;
import org.sdbench.protocol.wire.Frame;
import org.sdbench.protocol.wire.FrameType;
import org.sdbench.protocol.wire.ProcessInfo;
import org.sdbench.protocol.wire.Token;
import org.sdbench.protocol.wire.Wire;
import org.sdbench.protocol.wire.WireException;
import org.sdbench.protocol.wire.WireServer;

/**
 * The central services process of a three-tier system: the message server (instance registry,
 * logon balancing) and the enqueue server (the system's one lock table), on one listener. They admit
 * one driver's run at a time ({@link RunAdmission}) and list an app server only once its address
 * answers as that instance ({@link Registrations}).
 */
public final class CentralServices implements WireServer.Handler, AutoCloseable {
    /** How long the check of a registration's address may take when no setting says. */
    static final Duration REGISTRATION_CHECK = Duration.ofSeconds(5);

    private final MessageServer messages = new MessageServer();
    private final EnqueueServer enqueue;
    private final Consumer<String> log;
    private final LockOwners owners = new LockOwners(this::registered);
    private final RunAdmission runs;
    private final Registrations registrations;
    private WireServer server;

    private CentralServices(Wire wire, Token token, Duration checkTimeout, Clock clock, Consumer<String> log) {
        this.enqueue = new EnqueueServer(clock);
        this.log = log;
        this.runs = new RunAdmission(enqueue, log);
        this.registrations = new Registrations(wire, token, checkTimeout, messages, log, this::left);
    }

    /** Listens on {@code host:port} (0: any free port). */
    public static CentralServices start(
            Wire wire, String host, int port, Token token, Clock clock, Consumer<String> log) {
        return start(wire, host, port, token, REGISTRATION_CHECK, clock, log);
    }

    /** The same; the check of a registration's address (connect, then its answer) takes at most {@code checkTimeout} each. */
    public static CentralServices start(
            Wire wire, String host, int port, Token token, Duration checkTimeout, Clock clock, Consumer<String> log) {
        CentralServices c = new CentralServices(wire, token, checkTimeout, clock, log);
        c.server = WireServer.start(wire, host, port, token, c, log, "central services");
        return c;
    }

    /** Instance {@code n} left the logon group: its dialog sessions' locks go with it (its update requests' stay). */
    private void left(int n) {
        enqueue.releaseAllWhere(owner -> LockOwner.isSessionOf(owner, n));
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
                case FrameType.RUN_BEGIN -> {
                    String refused =
                            runs.admit(c, CentralMessages.Run.decode(f.body()).run());
                    if (refused != null) {
                        c.error(f, refused);
                    } else {
                        c.reply(f, Control.EMPTY);
                    }
                }
                case FrameType.RUN_END -> {
                    String refused =
                            runs.end(c, CentralMessages.Run.decode(f.body()).run());
                    if (refused != null) {
                        c.error(f, refused);
                    } else {
                        c.reply(f, Control.EMPTY);
                    }
                }
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
                                            ProcessInfo.current(Role.CENTRAL))
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
        return Role.instance(c.role());
    }

    private void lock(WireServer.Connection c, Frame f) {
        var l = CentralMessages.Lock.decode(f.body(), LockMode.values().length);
        int i = instance(c);
        LockResult r;
        owners.check(i, l.owner());
        r = enqueue.lock(new LockOwner(l.owner()), l.object(), l.key(), LockMode.values()[l.mode()]);
        var reply = r instanceof LockResult.Conflict conflict
                ? new CentralMessages.LockReply(
                        false, conflict.holder().id(), conflict.heldMode().ordinal())
                : CentralMessages.LockReply.GRANTED;
        c.reply(f, reply.encode());
    }

    private void releaseAll(WireServer.Connection c, Frame f) {
        String owner = CentralMessages.ReleaseAll.decode(f.body()).owner();
        owners.check(instance(c), owner);
        c.reply(f, new Control.Count(enqueue.releaseAll(new LockOwner(owner))).encode());
    }

    private void transfer(WireServer.Connection c, Frame f) {
        var t = CentralMessages.Transfer.decode(f.body());
        int i = instance(c);
        owners.check(i, t.from());
        owners.check(i, t.to());
        c.reply(f, new Control.Count(enqueue.transfer(new LockOwner(t.from()), new LockOwner(t.to()))).encode());
    }

    private void register(WireServer.Connection c, Frame f) {
        var r = CentralMessages.Register.decode(f.body());
        if (Role.instance(c.role()) != r.number()) {
            log.accept("refused REGISTER of instance " + r.number() + " from " + c.role() + " at " + c.peer());
            c.error(f, c.role() + " may register only its own instance number, not " + r.number());
            return;
        }
        registrations.register(c, f, r);
    }

    private void route(WireServer.Connection c, Frame f) {
        Control.empty(f.body());
        if (!runs.admitted(c)) {
            c.error(
                    f,
                    "no run of this driver connection is admitted (RUN_BEGIN first): logons belong to the run that is on");
            return;
        }
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
        registrations.closed(c);
        runs.closed(c);
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
    }
}
