package org.sdbench.database;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.Properties;
import javax.net.SocketFactory;

/**
 * pgjdbc's {@code socketFactory} for a server on this machine: every socket, whatever TCP address
 * pgjdbc dials (the URL's, or the one of a cancel request), reaches the server through the
 * Unix-domain socket file named by pgjdbc's {@code socketFactoryArg}. {@link DbTransport} only
 * configures it after proving that file leads to the same server as the URL.
 */
public final class UnixSocketFactory extends SocketFactory {
    /** pgjdbc's property for the factory's argument: here the socket file's path. */
    static final String PATH_PROPERTY = "socketFactoryArg";

    private final Path path;
    private final SocketWatchdog watchdog;

    /** pgjdbc creates the factory with the connection's properties. */
    public UnixSocketFactory(Properties info) {
        this(Path.of(required(info.getProperty(PATH_PROPERTY))), SocketWatchdog.instance());
    }

    UnixSocketFactory(Path path, SocketWatchdog watchdog) {
        this.path = path;
        this.watchdog = watchdog;
    }

    private static String required(String path) {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException(PATH_PROPERTY + " must name the server's Unix-domain socket file");
        }
        return path;
    }

    @Override
    public Socket createSocket() throws IOException {
        return new UnixDomainSocket(path, watchdog);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected();
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected();
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected();
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return connected();
    }

    private Socket connected() throws IOException {
        Socket s = createSocket();
        try {
            s.connect(InetSocketAddress.createUnresolved("localhost", 0));
            return s;
        } catch (IOException e) {
            s.close();
            throw e;
        }
    }
}
