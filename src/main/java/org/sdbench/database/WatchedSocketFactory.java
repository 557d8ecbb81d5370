package org.sdbench.database;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * pgjdbc's {@code socketFactory}: sockets that stay blocking and leave their connect and read bounds
 * to {@link SocketWatchdog} (see {@link WatchedSocket} for why). pgjdbc creates it by class name.
 */
public final class WatchedSocketFactory extends SocketFactory {
    private final SocketWatchdog watchdog;

    public WatchedSocketFactory() {
        this(SocketWatchdog.instance());
    }

    WatchedSocketFactory(SocketWatchdog watchdog) {
        this.watchdog = watchdog;
    }

    @Override
    public Socket createSocket() {
        return new WatchedSocket(watchdog);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return connected(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
    }

    private Socket connected(InetSocketAddress remote, InetSocketAddress... local) throws IOException {
        Socket s = createSocket();
        try {
            for (InetSocketAddress l : local) {
                s.bind(l);
            }
            s.connect(remote);
            return s;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }
}
