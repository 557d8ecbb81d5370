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

/**
 * A TCP relay that passes every byte both ways but not a client's close: the server side stays open
 * until the server closes it (its silence check) or the relay closes. It stands for a peer whose
 * close reaches the server late, as a busy host's or a slow network's does.
 */
final class LateCloseRelay implements AutoCloseable {
    private final ServerSocket listener;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    LateCloseRelay(int targetPort) throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            try {
                while (true) {
                    Socket client = listener.accept();
                    Socket server = new Socket();
                    server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort));
                    sockets.add(client);
                    sockets.add(server);
                    // The client's close is kept from the server; the server's reaches the client.
                    Thread.ofVirtual().start(() -> pump(client, server, false));
                    Thread.ofVirtual().start(() -> pump(server, client, true));
                }
            } catch (IOException e) {
                // The relay closed.
            }
        });
    }

    int port() {
        return listener.getLocalPort();
    }

    private static void pump(Socket from, Socket to, boolean passClose) {
        try (InputStream in = from.getInputStream()) {
            OutputStream out = to.getOutputStream();
            byte[] buffer = new byte[8192];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // Either side went: what is left is the other pump's or close()'s.
        }
        if (passClose) {
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // Closing anyway.
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        sockets.forEach(LateCloseRelay::closeQuietly);
    }
}
