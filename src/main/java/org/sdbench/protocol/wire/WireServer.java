package org.sdbench.protocol.wire;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A listener of an sdbench process: one thread per connection, the handshake first, then every
 * frame to the handler, which may answer at once or later from another thread. Every peer is
 * authenticated, within the {@link WireLimits} (pending handshakes per source and in all, the oldest
 * shed first; connections per role); a request type is served only from the role allowed to send
 * it; a frame the handler cannot decode gets an error reply and the connection goes on. What a
 * peer makes this server log is escaped and rate-limited.
 */
public final class WireServer implements AutoCloseable {
    /** What the process does with a frame; replies go through the connection. */
    public interface Handler {
        void handle(Connection c, Frame f) throws InterruptedException;

        /** The connection ended (peer closed, broke, or this server closed). */
        default void closed(Connection c) {}
    }

    /** One accepted, authenticated peer. */
    public static final class Connection {
        private final FrameIO io;
        private final String role;
        private volatile Object attachment;

        Connection(FrameIO io, String role) {
            this.io = io;
            this.role = role;
        }

        public String role() {
            return role;
        }

        public String peer() {
            return io.peer();
        }

        public Object attachment() {
            return attachment;
        }

        public void attach(Object o) {
            attachment = o;
        }

        /** Answers a request with its reply type; a peer that went away meanwhile is not an error here. */
        public void reply(Frame request, byte[] body) {
            write(request.type().reply(), request, body);
        }

        /** Answers a request; {@code type} must be its reply type (a check, for call sites that name it). */
        public void reply(Frame request, FrameType type, byte[] body) {
            if (type != request.type().reply()) {
                throw new IllegalStateException("a " + request.type() + " request is answered by "
                        + request.type().reply() + ", not " + type);
            }
            write(type, request, body);
        }

        private void write(FrameType type, Frame request, byte[] body) {
            try {
                io.write(type, request.id(), body);
            } catch (IOException e) {
                io.close();
            }
        }

        public void error(Frame request, String message) {
            write(FrameType.ERROR, request, new Control.Error(message).encode());
        }

        public void close() {
            io.close();
        }

        /** False once the connection closed, from either side. */
        public boolean isOpen() {
            return !io.socket().isClosed();
        }
    }

    /** The log kind of frames refused for their sender's role. */
    static final String REFUSED_FRAMES = "refused frames";

    private final ServerSocket socket;
    private final Handler handler;
    private final Liveness liveness;
    private final Set<Connection> open = ConcurrentHashMap.newKeySet();
    private final PendingHandshakes pending;
    private final Handshake.ServerSide side;
    private final FrameBudget budget;
    private final Fatal fatal;
    private final String what;
    private volatile boolean closing;

    private WireServer(
            ServerSocket socket,
            Wire wire,
            Token token,
            Handler handler,
            WireLimits limits,
            LogLimiter log,
            String what) {
        this.socket = socket;
        this.liveness = wire.liveness();
        this.fatal = wire.fatal();
        this.what = what;
        this.handler = handler;
        this.pending = new PendingHandshakes(limits.pendingHandshakes(), limits.pendingPerSource());
        this.side = new Handshake.ServerSide(
                token, limits.handshakeMillis(), new RoleSlots(limits.connectionsPerRole()), log);
        this.budget = new FrameBudget(limits.budgetBytes(), BUDGET_WAIT_MILLIS, what, log);
    }

    /** How long a read waits for the memory budget before the connection asking for most is closed. */
    static final long BUDGET_WAIT_MILLIS = 1_000;

    /**
     * Listens on {@code host:port} (port 0: any free port) and serves only peers that prove
     * {@code token}, loopback included: any local user could otherwise reach the port.
     */
    public static WireServer start(
            Wire wire, String host, int port, Token token, Handler handler, Consumer<String> log, String what) {
        return start(wire, host, port, token, handler, log, what, WireLimits.DEFAULTS, System::nanoTime);
    }

    /** With explicit limits and the clock that paces their log lines. */
    public static WireServer start(
            Wire wire,
            String host,
            int port,
            Token token,
            Handler handler,
            Consumer<String> log,
            String what,
            WireLimits limits,
            LongSupplier nanoClock) {
        if (token == null) {
            throw new WireException(what + ": every sdbench listener authenticates its peers: give a token file "
                    + "(appServer.tokenFile, readable only by its owner)");
        }
        InetAddress addr;
        try {
            addr = InetAddress.getByName(host);
        } catch (IOException e) {
            throw new WireException(what + ": cannot listen on unknown host '" + host + "'");
        }
        ServerSocket ss = null;
        try {
            ss = new ServerSocket();
            ss.bind(new InetSocketAddress(addr, port), 1024);
        } catch (BindException e) {
            close(ss);
            throw new WireException(
                    what + ": cannot listen on " + host + ":" + port + ": the port is in use (" + e.getMessage() + ")");
        } catch (IOException e) {
            close(ss);
            throw new WireException(what + ": cannot listen on " + host + ":" + port + ": " + e.getMessage());
        }
        LogLimiter limited = new LogLimiter(
                log, nanoClock, limits.logBurst(), TimeUnit.MILLISECONDS.toNanos(limits.logWindowMillis()));
        WireServer s = new WireServer(ss, wire, token, handler, limits, limited, what);
        Thread.ofVirtual().name("accept-" + ss.getLocalPort()).start(s::acceptLoop);
        return s;
    }

    private static void close(ServerSocket s) {
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                // Never bound: nothing to release.
            }
        }
    }

    public int port() {
        return socket.getLocalPort();
    }

    private void acceptLoop() {
        try {
            accept();
        } catch (Error e) {
            fatal.end(what + ": the thread accepting connections on port " + port() + " died", e);
        }
    }

    private void accept() {
        while (!closing) {
            Socket s;
            try {
                s = socket.accept();
            } catch (IOException e) {
                if (!closing) {
                    side.log().log("accept failures", "accept failed on port " + port() + ": " + e.getMessage());
                }
                return;
            }
            side.log().flush();
            FrameIO io;
            try {
                io = new FrameIO(s, liveness);
            } catch (IOException e) {
                close(s);
                continue;
            }
            var p = new PendingHandshakes.Pending(s.getInetAddress(), io);
            for (var shed : pending.admit(p)) {
                // Its own handshake thread may be writing to it: told and closed off the accept thread.
                Thread.ofVirtual().start(() -> shed.io.refuseAndClose(Handshake.SHED));
            }
            // Few connections (drivers, app servers), each busy: a platform reader per connection
            // costs one kernel wake-up per frame where a virtual one adds a poller hand-off.
            Thread.ofPlatform()
                    .daemon()
                    .name("conn-" + s.getRemoteSocketAddress())
                    .start(() -> serve(io, p));
        }
    }

    /** Handshakes in progress right now (tests watch the pool fill). */
    int pendingHandshakes() {
        return pending.size();
    }

    /** The memory budget of what this listener's peers send (tests watch it). */
    FrameBudget budget() {
        return budget;
    }

    private void serve(FrameIO io, PendingHandshakes.Pending p) {
        Connection c = null;
        FrameBudget.Account account = null;
        try {
            String role;
            try {
                role = Handshake.server(io, side, p);
            } finally {
                pending.done(p);
            }
            if (role == null) {
                return;
            }
            c = new Connection(io, role);
            account = budget.open(role + " at " + io.peer(), io::close);
            io.budget(account);
            open.add(c);
            // Clients send heartbeats: silence this long means the peer is gone (stopped, cut off).
            io.closeWhenSilentFor(liveness.silenceMillis());
            while (true) {
                Frame f = io.read();
                try {
                    dispatch(c, f);
                } finally {
                    io.served(f);
                }
            }
        } catch (Error e) {
            fatal.end(
                    what + ": the thread reading " + (c == null ? io.peer() : c.role() + " at " + c.peer()) + " died",
                    e);
        } catch (IOException | WireException e) {
            if (io.closedForStuckWrite() && c != null) {
                side.log().log(
                        "stuck peers",
                        c.role() + " at " + c.peer() + " took no bytes for " + liveness.writeMillis()
                                + " ms: connection closed");
            } else if (io.closedForSilence() && c != null) {
                side.log().log(
                        "silent peers",
                        c.role() + " at " + c.peer() + " silent for " + liveness.silenceMillis()
                                + " ms: connection closed");
            }
            // The peer went away or sent garbage: its connection ends, the server goes on.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            io.close();
            if (account != null) {
                account.close();
            }
            if (c != null) {
                open.remove(c);
                side.slots().give(c.role());
                handler.closed(c);
            }
        }
    }

    private void dispatch(Connection c, Frame f) throws InterruptedException {
        if (f.type() == FrameType.HEARTBEAT) {
            c.reply(f, Control.EMPTY);
            return;
        }
        FrameType.Sender sender = f.type().sender();
        if (!sender.allows(c.role())) {
            side.log().log(
                    REFUSED_FRAMES,
                    "refused frame type " + f.type() + " from " + c.role() + " at " + c.peer()
                            + ": accepted only from "
                            + sender.name().toLowerCase(Locale.ROOT).replace('_', ' '));
            c.error(
                    f,
                    "frame type " + f.type() + " is not accepted from " + c.role() + " (only from "
                            + sender.name().toLowerCase(Locale.ROOT).replace('_', ' ') + ")");
            return;
        }
        try {
            handler.handle(c, f);
        } catch (WireException | IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException e) {
            // A frame the handler could not decode or serve: the peer gets the reason, the connection goes on.
            c.error(f, String.valueOf(e.getMessage()));
        }
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // Never served: nothing else to release.
        }
    }

    @Override
    public void close() {
        closing = true;
        close(socket);
        open.forEach(Connection::close);
        side.log().flushAll();
    }
}
