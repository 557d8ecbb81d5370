package org.sdbench.protocol.wire;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A listener of an sdbench process: one virtual thread per connection, the handshake first, then
 * every frame to the handler, which may answer at once or later from another thread.
 */
public final class WireServer implements AutoCloseable {
    /** What the process does with a frame; replies go through the connection. */
    public interface Handler {
        void handle(Connection c, Frame f) throws InterruptedException;

        /** The connection ended (peer closed, broke, or this server closed). */
        default void closed(Connection c) {
        }
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

        /** Answers a request; a peer that went away meanwhile is not an error here. */
        public void reply(Frame request, byte type, byte[] body) {
            try {
                io.write(type, request.id(), body);
            } catch (IOException e) {
                io.close();
            }
        }

        public void error(Frame request, String message) {
            reply(request, FrameType.ERROR, new WireOut().str(message).toBytes());
        }

        public void close() {
            io.close();
        }
    }

    private final ServerSocket socket;
    private final Token token;
    private final Handler handler;
    private final Consumer<String> log;
    private final Set<Connection> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closing;

    private WireServer(ServerSocket socket, Token token, Handler handler, Consumer<String> log) {
        this.socket = socket;
        this.token = token;
        this.handler = handler;
        this.log = log;
    }

    /**
     * Listens on {@code host:port} (port 0: any free port). A non-loopback address requires a
     * token: an open port on a network must not run benchmark steps for anyone.
     */
    public static WireServer start(String host, int port, Token token, Handler handler, Consumer<String> log, String what) {
        InetAddress addr;
        try {
            addr = InetAddress.getByName(host);
        } catch (IOException e) {
            throw new WireException(what + ": cannot listen on unknown host '" + host + "'");
        }
        if (!addr.isLoopbackAddress() && token == null) {
            throw new WireException(what + ": listening on " + host + " (not loopback) requires a token file "
                    + "(threeTier.tokenFile, readable only by its owner)");
        }
        ServerSocket ss = null;
        try {
            ss = new ServerSocket();
            ss.bind(new InetSocketAddress(addr, port), 1024);
        } catch (BindException e) {
            close(ss);
            throw new WireException(what + ": cannot listen on " + host + ":" + port + ": the port is in use ("
                    + e.getMessage() + ")");
        } catch (IOException e) {
            close(ss);
            throw new WireException(what + ": cannot listen on " + host + ":" + port + ": " + e.getMessage());
        }
        WireServer s = new WireServer(ss, token, handler, log);
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
        while (!closing) {
            try {
                Socket s = socket.accept();
                // Few connections (drivers, app servers), each busy: a platform reader per connection
                // costs one kernel wake-up per frame where a virtual one adds a poller hand-off.
                Thread.ofPlatform().daemon().name("conn-" + s.getRemoteSocketAddress()).start(() -> serve(s));
            } catch (IOException e) {
                if (!closing) {
                    log.accept("accept failed on port " + port() + ": " + e.getMessage());
                }
                return;
            }
        }
    }

    private void serve(Socket s) {
        FrameIO io;
        try {
            io = new FrameIO(s);
        } catch (IOException e) {
            return;
        }
        Connection c = null;
        try {
            String role = Handshake.server(io, token, log);
            if (role == null) {
                return;
            }
            c = new Connection(io, role);
            open.add(c);
            while (true) {
                Frame f = io.read();
                handler.handle(c, f);
            }
        } catch (IOException | WireException e) {
            // The peer went away or sent garbage: its connection ends, the server goes on.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            io.close();
            if (c != null) {
                open.remove(c);
                handler.closed(c);
            }
        }
    }

    @Override
    public void close() {
        closing = true;
        close(socket);
        open.forEach(Connection::close);
    }
}
