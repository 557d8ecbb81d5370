package org.sdbench.protocol.wire;

import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.sdbench.config.HostAndPort;
import org.sdbench.protocol.ReplyWait;

/**
 * One connection to another sdbench process, shared by many callers: each request gets an id, a
 * reader thread hands every reply to the caller waiting for it. Every call has a bound; when the
 * connection breaks, every waiting caller fails at once and {@link #onBroken} runs.
 */
public final class WireClient implements AutoCloseable {
    private final FrameIO io;
    private final String what;
    private final HostAndPort address;
    private final ConcurrentHashMap<Integer, CompletableFuture<Frame>> pending = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final CompletableFuture<Ending> broken = new CompletableFuture<>();
    private volatile ScheduledFuture<?> heartbeat;

    /** Connections tried when the server closes one during the handshake. */
    static final int HANDSHAKE_ATTEMPTS = 3;

    private final Fatal fatal;

    private WireClient(FrameIO io, String what, HostAndPort address, Fatal fatal) {
        this.io = io;
        this.what = what;
        this.address = address;
        this.fatal = fatal;
    }

    /**
     * Dials, shakes hands and starts the reader. {@code what} names the peer in messages, e.g.
     * "app server 2 at 127.0.0.1:40123".
     */
    public static WireClient connect(
            Wire wire, Dialer.Hop hop, HostAndPort address, String role, Token token, Duration timeout, String what) {
        for (int attempt = 1; ; attempt++) {
            var socket = wire.dialer().dial(hop, address, timeout);
            try {
                FrameIO io = new FrameIO(socket, wire.liveness());
                Handshake.client(io, role, token, what);
                return started(wire, io, what, address);
            } catch (IOException | WireException e) {
                close(socket);
                // A listener under a flood of idle connections from this peer's address may shed this one
                // in the instant between its connect and its hello: a new connection is admitted first.
                if (attempt < HANDSHAKE_ATTEMPTS && Handshake.cutShort(e)) {
                    continue;
                }
                throw e instanceof WireException w
                        ? w
                        : new WireException(
                                what + " reset the connection during the handshake (" + e.getMessage() + "): "
                                        + Handshake.SHED,
                                e);
            }
        }
    }

    private static WireClient started(Wire wire, FrameIO io, String what, HostAndPort address) {
        WireClient c = new WireClient(io, what, address, wire.fatal());
        // The server answers every heartbeat: silence this long means it is gone (stopped, cut off).
        io.closeWhenSilentFor(wire.liveness().silenceMillis());
        c.heartbeat = wire.liveness().everyHeartbeat(c::beat);
        // A platform thread blocks in the kernel's read and is woken by it directly; a virtual reader
        // would add a poller hand-off and a carrier wake-up to every reply (bench wire: CPU per round trip).
        Thread.ofPlatform().daemon().name("wire-" + address).start(c::readLoop);
        return c;
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // Failed before use: nothing else to release.
        }
    }

    public HostAndPort address() {
        return address;
    }

    /** Completes once the connection is gone: {@link Ending#CLOSED} when this side closed it. */
    public CompletableFuture<Ending> broken() {
        return broken;
    }

    public boolean isBroken() {
        return broken.isDone();
    }

    /**
     * Sends a request and waits for its reply; an ERROR reply ({@link PeerRefused}), a broken
     * connection or the timeout throw.
     */
    public Frame call(FrameType type, byte[] body, Duration timeout) throws InterruptedException {
        CompletableFuture<Frame> reply = send(type, body);
        try {
            // Untimed park plus the shared watcher: a timed get on a virtual thread costs a timer task per call.
            Frame f = ReplyWait.shared().get(reply, timeout.toNanos());
            if (f.type() == FrameType.ERROR) {
                throw new PeerRefused(what + ": "
                        + PeerText.escape(Control.Error.decode(f.body()).message(), Limits.TEXT_BYTES));
            }
            if (f.type() != type.reply()) {
                throw new WireException(what + " answered " + type + " with " + f.type() + ", not " + type.reply());
            }
            return f;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof WireException w
                    ? w
                    : new WireException(what + ": " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new NoReply(what + ": no reply within " + timeout.toMillis() + " ms");
        } finally {
            reply.cancel(false);
        }
    }

    /** Sends a request; the future completes with the reply frame (or fails when the connection breaks). */
    public CompletableFuture<Frame> send(FrameType type, byte[] body) {
        if (!type.isRequest()) {
            throw new IllegalArgumentException(type + " is not a request: only requests are sent to a server");
        }
        int id = ids.incrementAndGet();
        CompletableFuture<Frame> reply = new CompletableFuture<>();
        reply.whenComplete((f, e) -> pending.remove(id));
        pending.put(id, reply);
        if (broken.isDone()) {
            reply.completeExceptionally(new WireException(what + " is gone: " + broken.getNow(Ending.CLOSED)));
            return reply;
        }
        try {
            io.write(type, id, body);
        } catch (IOException e) {
            fail("connection lost (" + e.getMessage() + ")");
        }
        return reply;
    }

    /** A heartbeat when nothing arrived for a while; its answer is just another frame read. */
    private void beat() {
        if (broken.isDone()) {
            return;
        }
        if (System.nanoTime() - io.lastRead()
                < TimeUnit.MILLISECONDS.toNanos(io.liveness().heartbeatMillis())) {
            return;
        }
        try {
            io.write(FrameType.HEARTBEAT, 0, Control.EMPTY);
        } catch (IOException e) {
            fail("connection lost (" + e.getMessage() + ")");
        }
    }

    private void readLoop() {
        try {
            while (true) {
                Frame f = io.read();
                CompletableFuture<Frame> r = pending.get(f.id());
                if (r != null) {
                    r.complete(f);
                }
            }
        } catch (IOException | WireException e) {
            fail(
                    e instanceof EOFException
                            ? "connection closed by the peer"
                            : "connection lost (" + Handshake.describe(e) + ")");
        } catch (Error e) {
            fatal.end("the thread reading " + what + " died", e);
        }
    }

    /** The watchdogs mark why they closed the connection before closing it: their reason comes first. */
    private void fail(String reason) {
        if (io.closedForSilence()) {
            reason = "silent for " + io.liveness().silenceMillis() + " ms (no reply to heartbeats): declared dead";
        } else if (io.closedForStuckWrite()) {
            reason = "a write blocked for " + io.liveness().writeMillis()
                    + " ms (the peer stopped reading): declared dead";
        }
        stopHeartbeat();
        if (broken.complete(new Ending.Lost(reason))) {
            io.close();
        }
        WireException ex = new WireException(what + " is gone: " + reason);
        pending.values().forEach(f -> f.completeExceptionally(ex));
    }

    private void stopHeartbeat() {
        var h = heartbeat;
        if (h != null) {
            h.cancel(false);
        }
    }

    @Override
    public void close() {
        stopHeartbeat();
        broken.complete(Ending.CLOSED);
        io.close();
        WireException ex = new WireException(what + ": connection closed");
        pending.values().forEach(f -> f.completeExceptionally(ex));
    }
}
