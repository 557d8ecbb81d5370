package org.sdbench.driver;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A loopback TCP relay to the test database that can stop forwarding: to the client the server
 * then looks stalled (connections stay open, nothing comes back), like a SIGSTOPped PostgreSQL,
 * without touching a server other tests share.
 */
final class StallRelay implements AutoCloseable {
    private final ServerSocket listener;
    private final InetSocketAddress upstream;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition flowing = lock.newCondition();
    private boolean stalled;

    StallRelay(String host, int port) throws IOException {
        this.upstream = new InetSocketAddress(host, port);
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("relay-accept").start(this::acceptLoop);
    }

    int port() {
        return listener.getLocalPort();
    }

    void stall() {
        lock.lock();
        try {
            stalled = true;
        } finally {
            lock.unlock();
        }
    }

    private void awaitFlowing() throws InterruptedException {
        lock.lock();
        try {
            while (stalled) {
                flowing.await();
            }
        } finally {
            lock.unlock();
        }
    }

    private void acceptLoop() {
        try {
            while (true) {
                Socket client = listener.accept();
                sockets.add(client);
                Thread.ofVirtual().start(() -> connect(client));
            }
        } catch (IOException closed) {
            // close() ends the relay.
        }
    }

    private void connect(Socket client) {
        try {
            awaitFlowing();
            Socket server = new Socket();
            sockets.add(server);
            server.connect(upstream, 5_000);
            Thread.ofVirtual().start(() -> pump(client, server));
            pump(server, client);
        } catch (IOException | InterruptedException e) {
            closeQuietly(client);
        }
    }

    private void pump(Socket from, Socket to) {
        byte[] buf = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buf)) >= 0) {
                awaitFlowing();
                out.write(buf, 0, n);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // One side closed: close the other too.
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // Already closed.
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        sockets.forEach(StallRelay::closeQuietly);
    }
}
