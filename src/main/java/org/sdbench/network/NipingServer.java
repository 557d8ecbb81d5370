package org.sdbench.network;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.sdbench.config.ConfigException;

/**
 * The server side of niping: answers every request with the reply size the client asked for. Loopback
 * by default; any other address requires a token, and a peer without the right token is refused and
 * reported. Each client has a bounded hello, idle time and message size; the number of clients is capped.
 */
public final class NipingServer implements AutoCloseable {
    private static final int HELLO_TIMEOUT_MS = 5_000;
    private static final int IDLE_TIMEOUT_MS = 60_000;

    private final ServerSocket server;
    private final byte[] token;
    private final Semaphore slots;
    private final Consumer<String> log;
    private final Set<Socket> clients = ConcurrentHashMap.newKeySet();
    private final LongAdder served = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final Thread acceptor;
    private volatile boolean closed;

    private NipingServer(ServerSocket server, byte[] token, int maxClients, Consumer<String> log) {
        this.server = server;
        this.token = token;
        this.slots = new Semaphore(maxClients);
        this.log = log;
        this.acceptor = Thread.ofVirtual().name("niping-accept").unstarted(this::acceptLoop);
    }

    /**
     * Listens on {@code listen}. {@code token} null means no authentication, allowed on loopback only.
     * {@code log} receives one line per client event (never the token).
     */
    public static NipingServer start(InetSocketAddress listen, byte[] token, int maxClients, Consumer<String> log)
            throws IOException {
        InetSocketAddress at = SocketAddresses.resolveToBind("--listen", listen);
        if (token == null && !at.getAddress().isLoopbackAddress()) {
            throw new ConfigException(
                    "'--listen' = '" + SocketAddresses.format(listen) + "' is not allowed without --token-file: "
                            + "a listener on a non-loopback address requires a token file readable only by its owner");
        }
        if (maxClients < 1) {
            throw new ConfigException("'--max-clients' = " + maxClients + " is not allowed: 1 or more");
        }
        ServerSocket s = new ServerSocket();
        try {
            s.bind(at);
        } catch (IOException e) {
            s.close();
            throw e;
        }
        NipingServer n = new NipingServer(s, token, maxClients, log);
        n.acceptor.start();
        return n;
    }

    public InetSocketAddress address() {
        return new InetSocketAddress(server.getInetAddress(), server.getLocalPort());
    }

    public long served() {
        return served.sum();
    }

    public long refused() {
        return refused.sum();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket c;
            try {
                c = server.accept();
            } catch (IOException e) {
                if (!closed) {
                    log.accept("niping server stopped accepting: " + e.getMessage());
                }
                return;
            }
            if (!slots.tryAcquire()) {
                log.accept("refused " + peer(c) + ": too many clients");
                refused.increment();
                close(c);
                continue;
            }
            clients.add(c);
            Thread.ofVirtual().name("niping-client").start(() -> {
                try {
                    serve(c);
                } finally {
                    clients.remove(c);
                    close(c);
                    slots.release();
                }
            });
        }
    }

    private void serve(Socket c) {
        String who = peer(c);
        try {
            c.setTcpNoDelay(true);
            c.setSoTimeout(HELLO_TIMEOUT_MS);
            var in = new DataInputStream(new BufferedInputStream(c.getInputStream(), 64 * 1024));
            var out = new DataOutputStream(new BufferedOutputStream(c.getOutputStream(), 64 * 1024));
            if (!hello(in, out, who)) {
                return;
            }
            log.accept("connect from " + who + " o.k.");
            c.setSoTimeout(IDLE_TIMEOUT_MS);
            byte[] buf = new byte[64 * 1024];
            byte[] reply = new byte[0];
            while (true) {
                int req = in.readInt();
                int rep = in.readInt();
                if (req < 0 || rep < 0 || req > NipingWire.MAX_MESSAGE || rep > NipingWire.MAX_MESSAGE) {
                    log.accept("closing " + who + ": message size " + req + "/" + rep + " out of bounds");
                    return;
                }
                if (req == 0) {
                    log.accept("client " + who + " done");
                    return;
                }
                for (int left = req; left > 0; ) {
                    int n = in.read(buf, 0, Math.min(buf.length, left));
                    if (n < 0) {
                        throw new EOFException();
                    }
                    left -= n;
                }
                if (reply.length < rep) {
                    reply = new byte[rep];
                }
                // counted before the reply, so a client that got it also sees it counted
                served.increment();
                out.write(reply, 0, rep);
                out.flush();
            }
        } catch (SocketTimeoutException e) {
            log.accept("closing " + who + ": silent for too long");
        } catch (IOException e) {
            if (!closed) {
                log.accept("client " + who + " gone: " + e.getMessage());
            }
        }
    }

    private boolean hello(DataInputStream in, DataOutputStream out, String who) throws IOException {
        long magic = in.readLong();
        int version = in.readInt();
        int len = in.readInt();
        if (magic != NipingWire.MAGIC || len < 0 || len > NipingWire.MAX_TOKEN) {
            refused.increment();
            log.accept("refused " + who + ": not a niping client");
            return false;
        }
        byte[] given = in.readNBytes(len);
        if (token != null && !MessageDigest.isEqual(token, given)) {
            refused.increment();
            log.accept("refused " + who + ": wrong or missing token");
            NipingWire.refuse(out, NipingWire.REFUSED_TOKEN, "authentication failed");
            return false;
        }
        if (version != NipingWire.VERSION) {
            refused.increment();
            log.accept(
                    "refused " + who + ": protocol version " + version + ", this server speaks " + NipingWire.VERSION);
            NipingWire.refuse(out, NipingWire.REFUSED_VERSION, "server speaks niping protocol " + NipingWire.VERSION);
            return false;
        }
        out.writeByte(NipingWire.OK);
        out.flush();
        return true;
    }

    private static String peer(Socket c) {
        return c.getRemoteSocketAddress() instanceof InetSocketAddress a
                ? SocketAddresses.format(a)
                : String.valueOf(c.getRemoteSocketAddress());
    }

    private static void close(Socket c) {
        try {
            c.close();
        } catch (IOException e) {
            // nothing left to release
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // closing anyway
        }
        clients.forEach(NipingServer::close);
        try {
            acceptor.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
