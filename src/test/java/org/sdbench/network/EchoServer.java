package org.sdbench.network;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** A loopback echo server on an ephemeral port, one virtual thread per connection. */
final class EchoServer implements AutoCloseable {
    private final ServerSocket server;

    EchoServer() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(this::accept);
    }

    InetSocketAddress address() {
        return new InetSocketAddress(server.getInetAddress(), server.getLocalPort());
    }

    private void accept() {
        try {
            while (true) {
                Socket s = server.accept();
                s.setTcpNoDelay(true);
                Thread.ofVirtual().start(() -> echo(s));
            }
        } catch (IOException e) {
            // closed by the test
        }
    }

    private static void echo(Socket s) {
        try (s;
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream()) {
            byte[] b = new byte[16384];
            int n;
            while ((n = in.read(b)) >= 0) {
                out.write(b, 0, n);
            }
        } catch (IOException e) {
            // peer went away
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
