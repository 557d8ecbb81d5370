package org.sdbench.network;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/** One relayed connection: a pipe each way; closed when both directions ended or either failed. */
final class Link {
    private final Socket client;
    private final Socket server;
    private final Pipe forward;
    private final Pipe back;
    private final AtomicInteger ended = new AtomicInteger();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Consumer<Link> onClose;

    Link(int number, Socket client, Socket server, Relay.Shared shared, Consumer<Link> onClose) {
        this.client = client;
        this.server = server;
        this.onClose = onClose;
        Pipe.Listener listener = new Pipe.Listener() {
            @Override
            public void delivered(Pipe pipe) {
                if (ended.incrementAndGet() == 2) {
                    close(false);
                }
            }

            @Override
            public void failed(Pipe pipe, IOException e) {
                close(false);
            }
        };
        this.forward = new Pipe(
                "relay-" + number + "-fwd",
                client,
                server,
                shared.schedule(true),
                shared.gate(),
                shared.clock(),
                shared.forwardBytes(),
                shared.losses(),
                listener);
        this.back = new Pipe(
                "relay-" + number + "-back",
                server,
                client,
                shared.schedule(false),
                shared.gate(),
                shared.clock(),
                shared.backBytes(),
                shared.losses(),
                listener);
    }

    void start() {
        forward.start();
        back.start();
    }

    /** Closes both sockets; {@code reset} makes the peers see a connection reset, as after a crash in between. */
    void close(boolean reset) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (Socket s : new Socket[] {client, server}) {
            try {
                if (reset) {
                    s.setSoLinger(true, 0);
                }
                s.close();
            } catch (SocketException e) {
                closeQuietly(s);
            } catch (IOException e) {
                // closing is best effort: the peer sees the connection end either way
            }
        }
        forward.interrupt();
        back.interrupt();
        onClose.accept(this);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already failing; nothing more to release
        }
    }

    boolean join(long deadlineNanos) throws InterruptedException {
        return forward.join(deadlineNanos) && back.join(deadlineNanos);
    }
}
