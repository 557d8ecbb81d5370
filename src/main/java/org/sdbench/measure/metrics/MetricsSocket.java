package org.sdbench.measure.metrics;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.sdbench.config.ConfigException;
import org.sdbench.config.SmallFile;
import org.sdbench.core.EnvironmentException;
import org.sdbench.network.SocketAddresses;

/**
 * The metrics endpoint's port, bound and its token read but nothing served yet: taken before a run
 * creates its folder, so that a port in use or a bad token file refuses the run without leaving one.
 */
public final class MetricsSocket implements AutoCloseable {
    /** Seconds a client may take to send its request, and to take the answer, before its connection is closed. */
    static final int CLIENT_TIMEOUT_SECONDS = 5;

    static {
        // The JDK server reads these once, when its first instance is created; without them a client
        // that stops sending keeps its connection (and, with few handler threads, the endpoint) forever.
        System.setProperty(
                "sun.net.httpserver.maxReqTime",
                System.getProperty("sun.net.httpserver.maxReqTime", Integer.toString(CLIENT_TIMEOUT_SECONDS)));
        System.setProperty(
                "sun.net.httpserver.maxRspTime",
                System.getProperty("sun.net.httpserver.maxRspTime", Integer.toString(CLIENT_TIMEOUT_SECONDS)));
    }

    private final HttpServer server;
    private final byte[] token;
    private final String host;
    private boolean taken;

    private MetricsSocket(HttpServer server, byte[] token, String host) {
        this.server = server;
        this.token = token;
        this.host = host;
    }

    public static MetricsSocket open(PrometheusEndpoint.Binding b) {
        byte[] token = b.tokenFile() == null ? null : readToken(b.tokenFile());
        try {
            return new MetricsSocket(HttpServer.create(new InetSocketAddress(b.host(), b.port()), 0), token, b.host());
        } catch (IOException e) {
            throw portRefused(b, e);
        }
    }

    /**
     * What {@link #open} would refuse, checked without keeping anything: the token file, and a fixed
     * port bound and let go. A run checks this before its database starts.
     */
    public static void check(PrometheusEndpoint.Binding b) {
        if (b.tokenFile() != null) {
            readToken(b.tokenFile());
        }
        if (b.port() != 0) {
            try (ServerSocket s = new ServerSocket()) {
                s.bind(new InetSocketAddress(b.host(), b.port()));
            } catch (IOException e) {
                throw portRefused(b, e);
            }
        }
    }

    private static EnvironmentException portRefused(PrometheusEndpoint.Binding b, IOException e) {
        return e instanceof BindException
                ? new EnvironmentException("'--metrics-port' = " + b.port() + " on " + b.host() + " cannot be used ("
                        + e.getMessage() + "): choose a free port, or 0 for any")
                : new EnvironmentException(
                        "the metrics endpoint on " + b.host() + ":" + b.port() + " failed to start: " + e.getMessage());
    }

    private static byte[] readToken(Path file) {
        String t = SmallFile.readSecret("'--metrics-token-file' = '" + file + "'", file)
                .strip();
        ConfigException.require(!t.isEmpty(), "--metrics-token-file", file, "a file holding a non-empty token");
        return t.getBytes(StandardCharsets.UTF_8);
    }

    /** The server, handed to the endpoint that serves it and from then on closes it. */
    HttpServer take() {
        taken = true;
        return server;
    }

    byte[] token() {
        return token;
    }

    /** Where Prometheus scrapes: the host as given ({@code ::1}, not its long form), IPv6 in brackets. */
    String url() {
        return "http://"
                + SocketAddresses.format(InetSocketAddress.createUnresolved(
                        host, server.getAddress().getPort())) + "/metrics";
    }

    @Override
    public void close() {
        if (!taken) {
            server.stop(0);
        }
    }
}
